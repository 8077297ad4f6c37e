declare module 'bpmn-moddle' {
  type TModdleElement = {
    $type: string
    id?: string
    name?: string
    $attrs?: Record<string, string>
    [key: string]: unknown
  }
  export default class BpmnModdle {
    fromXML(xml: string): Promise<{
      rootElement: TModdleElement
      elementsById: Record<string, TModdleElement>
      warnings: unknown[]
    }>
  }
}
