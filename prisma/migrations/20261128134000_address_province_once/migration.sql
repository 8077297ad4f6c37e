-- Issue 24: 成果申报 saved a completing unit's (and the principal's) address as the province chosen plus
-- the address typed, which often names the province again: 江西省江西省鹰潭市…. The service no longer
-- repeats it (addressWithProvince); this repairs the rows already saved. Idempotent: a row is changed
-- only while it starts with a province twice, and is left starting with it once.
WITH provinces(name) AS (VALUES
  ('北京市'),
  ('天津市'),
  ('河北省'),
  ('山西省'),
  ('内蒙古自治区'),
  ('辽宁省'),
  ('吉林省'),
  ('黑龙江省'),
  ('上海市'),
  ('江苏省'),
  ('浙江省'),
  ('安徽省'),
  ('福建省'),
  ('江西省'),
  ('山东省'),
  ('河南省'),
  ('湖北省'),
  ('湖南省'),
  ('广东省'),
  ('广西壮族自治区'),
  ('海南省'),
  ('重庆市'),
  ('四川省'),
  ('贵州省'),
  ('云南省'),
  ('西藏自治区'),
  ('陕西省'),
  ('甘肃省'),
  ('青海省'),
  ('宁夏回族自治区'),
  ('新疆维吾尔自治区'),
  ('台湾省'),
  ('香港特别行政区'),
  ('澳门特别行政区')
)
UPDATE ysjs_appraise_unit u
SET address = substr(u.address, char_length(p.name) + 1)
FROM provinces p
WHERE u.address LIKE p.name || p.name || '%';

WITH provinces(name) AS (VALUES
  ('北京市'),
  ('天津市'),
  ('河北省'),
  ('山西省'),
  ('内蒙古自治区'),
  ('辽宁省'),
  ('吉林省'),
  ('黑龙江省'),
  ('上海市'),
  ('江苏省'),
  ('浙江省'),
  ('安徽省'),
  ('福建省'),
  ('江西省'),
  ('山东省'),
  ('河南省'),
  ('湖北省'),
  ('湖南省'),
  ('广东省'),
  ('广西壮族自治区'),
  ('海南省'),
  ('重庆市'),
  ('四川省'),
  ('贵州省'),
  ('云南省'),
  ('西藏自治区'),
  ('陕西省'),
  ('甘肃省'),
  ('青海省'),
  ('宁夏回族自治区'),
  ('新疆维吾尔自治区'),
  ('台湾省'),
  ('香港特别行政区'),
  ('澳门特别行政区')
)
UPDATE ysjs_appraise_principal r
SET address = substr(r.address, char_length(p.name) + 1)
FROM provinces p
WHERE r.address LIKE p.name || p.name || '%';
