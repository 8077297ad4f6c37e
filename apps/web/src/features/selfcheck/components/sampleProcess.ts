import type { TFlowHistoryItem } from '@/components/flow/flowMarkers'

/** A small leave process, so the self-check page can show the flow-diagram viewer working. */
export const SAMPLE_PROCESS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="sample" targetNamespace="http://ysjs/sample">
  <process id="Leave" name="请假流程" isExecutable="true">
    <startEvent id="start" name="开始" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="apply" />
    <userTask id="apply" name="提交申请" />
    <sequenceFlow id="f2" sourceRef="apply" targetRef="approve" />
    <userTask id="approve" name="部门审批" />
    <sequenceFlow id="f3" sourceRef="approve" targetRef="end" />
    <endEvent id="end" name="结束" />
  </process>
  <bpmndi:BPMNDiagram id="d1">
    <bpmndi:BPMNPlane id="p1" bpmnElement="Leave">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="apply_di" bpmnElement="apply"><dc:Bounds x="190" y="78" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approve_di" bpmnElement="approve"><dc:Bounds x="350" y="78" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="512" y="100" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="118" /><di:waypoint x="190" y="118" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="290" y="118" /><di:waypoint x="350" y="118" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f3_di" bpmnElement="f3"><di:waypoint x="450" y="118" /><di:waypoint x="512" y="118" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>`

export const SAMPLE_HISTORY: TFlowHistoryItem[] = [
  { historyActivityId: 'start', historyActivityType: 'startEvent', endTime: '2024-01-01 09:00:00' },
  { historyActivityId: 'f1', historyActivityType: 'sequenceFlow', endTime: '2024-01-01 09:00:00' },
  { historyActivityId: 'apply', historyActivityType: 'userTask', endTime: '2024-01-01 09:05:00' },
  { historyActivityId: 'f2', historyActivityType: 'sequenceFlow', endTime: '2024-01-01 09:05:00' },
  { historyActivityId: 'approve', historyActivityType: 'candidate', endTime: null },
]
