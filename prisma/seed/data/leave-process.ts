/**
 * The seeded leave process (contract 10.3, 请假流程): first approval by the chosen user (`taskUser`),
 * then more than 3 days → candidate role `boss`, otherwise `manager`; a rejection sends it back to the
 * applicant (`applyUser`, the initiator) to adjust (back to the first approval) or withdraw (end).
 * Conditions are Flowable `${…}` expressions; the diagram carries its layout for the viewer.
 */
export const LEAVE_PROCESS_KEY = 'Leave'
export const LEAVE_PROCESS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="LeaveDefinitions" targetNamespace="http://www.flowable.org/processdef">
  <process id="Leave" name="请假流程" isExecutable="true">
    <startEvent id="start" name="开始" flowable:initiator="applyUser"/>
    <userTask id="hrTask" name="人事审批" flowable:assignee="\${taskUser}"/>
    <exclusiveGateway id="hrGateway"/>
    <exclusiveGateway id="daysGateway"/>
    <userTask id="bossTask" name="老板审批" flowable:candidateGroups="boss"/>
    <userTask id="managerTak" name="经理审批" flowable:candidateGroups="manager"/>
    <exclusiveGateway id="bossGateway"/>
    <exclusiveGateway id="managerGateway"/>
    <userTask id="userTask" name="调整申请" flowable:assignee="\${applyUser}"/>
    <exclusiveGateway id="adjustGateway"/>
    <endEvent id="end" name="结束"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="hrTask"/>
    <sequenceFlow id="f2" sourceRef="hrTask" targetRef="hrGateway"/>
    <sequenceFlow id="f3" name="同意" sourceRef="hrGateway" targetRef="daysGateway"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f4" name="驳回" sourceRef="hrGateway" targetRef="userTask"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f5" name="大于3天" sourceRef="daysGateway" targetRef="bossTask"><conditionExpression xsi:type="tFormalExpression">\${days &gt; 3}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f6" name="小于等于3天" sourceRef="daysGateway" targetRef="managerTak"><conditionExpression xsi:type="tFormalExpression">\${days &lt;= 3}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f7" sourceRef="bossTask" targetRef="bossGateway"/>
    <sequenceFlow id="f8" sourceRef="managerTak" targetRef="managerGateway"/>
    <sequenceFlow id="f9" name="同意" sourceRef="bossGateway" targetRef="end"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f10" name="驳回" sourceRef="bossGateway" targetRef="userTask"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f11" name="同意" sourceRef="managerGateway" targetRef="end"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f12" name="驳回" sourceRef="managerGateway" targetRef="userTask"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f13" sourceRef="userTask" targetRef="adjustGateway"/>
    <sequenceFlow id="f14" name="重新申请" sourceRef="adjustGateway" targetRef="hrTask"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f15" name="撤回" sourceRef="adjustGateway" targetRef="end"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
  </process>
  <bpmndi:BPMNDiagram id="LeaveDiagram">
    <bpmndi:BPMNPlane id="LeavePlane" bpmnElement="Leave">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="80" y="202" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="hrTask_di" bpmnElement="hrTask"><dc:Bounds x="170" y="180" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="hrGateway_di" bpmnElement="hrGateway" isMarkerVisible="true"><dc:Bounds x="320" y="195" width="50" height="50"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="daysGateway_di" bpmnElement="daysGateway" isMarkerVisible="true"><dc:Bounds x="420" y="195" width="50" height="50"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="bossTask_di" bpmnElement="bossTask"><dc:Bounds x="530" y="80" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="managerTak_di" bpmnElement="managerTak"><dc:Bounds x="530" y="280" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="bossGateway_di" bpmnElement="bossGateway" isMarkerVisible="true"><dc:Bounds x="690" y="95" width="50" height="50"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="managerGateway_di" bpmnElement="managerGateway" isMarkerVisible="true"><dc:Bounds x="690" y="295" width="50" height="50"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="830" y="202" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="userTask_di" bpmnElement="userTask"><dc:Bounds x="530" y="420" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="adjustGateway_di" bpmnElement="adjustGateway" isMarkerVisible="true"><dc:Bounds x="195" y="435" width="50" height="50"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="116" y="220"/><di:waypoint x="170" y="220"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="270" y="220"/><di:waypoint x="320" y="220"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f3_di" bpmnElement="f3"><di:waypoint x="370" y="220"/><di:waypoint x="420" y="220"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f4_di" bpmnElement="f4"><di:waypoint x="345" y="245"/><di:waypoint x="345" y="390"/><di:waypoint x="580" y="390"/><di:waypoint x="580" y="420"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f5_di" bpmnElement="f5"><di:waypoint x="445" y="195"/><di:waypoint x="445" y="120"/><di:waypoint x="530" y="120"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f6_di" bpmnElement="f6"><di:waypoint x="445" y="245"/><di:waypoint x="445" y="320"/><di:waypoint x="530" y="320"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f7_di" bpmnElement="f7"><di:waypoint x="630" y="120"/><di:waypoint x="690" y="120"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f8_di" bpmnElement="f8"><di:waypoint x="630" y="320"/><di:waypoint x="690" y="320"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f9_di" bpmnElement="f9"><di:waypoint x="740" y="120"/><di:waypoint x="848" y="120"/><di:waypoint x="848" y="202"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f10_di" bpmnElement="f10"><di:waypoint x="715" y="95"/><di:waypoint x="715" y="50"/><di:waypoint x="960" y="50"/><di:waypoint x="960" y="480"/><di:waypoint x="630" y="480"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f11_di" bpmnElement="f11"><di:waypoint x="740" y="320"/><di:waypoint x="848" y="320"/><di:waypoint x="848" y="238"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f12_di" bpmnElement="f12"><di:waypoint x="715" y="345"/><di:waypoint x="715" y="450"/><di:waypoint x="630" y="450"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f13_di" bpmnElement="f13"><di:waypoint x="530" y="460"/><di:waypoint x="245" y="460"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f14_di" bpmnElement="f14"><di:waypoint x="220" y="435"/><di:waypoint x="220" y="260"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f15_di" bpmnElement="f15"><di:waypoint x="220" y="485"/><di:waypoint x="220" y="560"/><di:waypoint x="900" y="560"/><di:waypoint x="900" y="220"/><di:waypoint x="866" y="220"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`
