-- The seeded menus of the expert–unit links and of a unit's people were named 项目单位 / 项目人员, but
-- their screens are 专家单位 / 单位人员 (decision 016). The seed never overwrites rows, so rename them
-- here, only where the name is still the seeded one.
UPDATE "blade_menu" SET "name" = '专家单位' WHERE "code" = 'expert_unit_association' AND "name" = '项目单位';
UPDATE "blade_menu" SET "name" = '单位人员' WHERE "code" = 'expert_person' AND "name" = '项目人员';
