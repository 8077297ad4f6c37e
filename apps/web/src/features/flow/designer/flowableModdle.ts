import { FLOW_JOB_ATTRIBUTE } from '@ysjs/shared'

const attr = (name: string) => ({ name, isAttr: true, type: 'String' })

/**
 * The Flowable attributes the worker reads (decision 015), as a moddle extension of the modeler:
 * assignee, candidates and due date of a user task, the initiator variable of a start event, and the
 * service a service task names with its attributes. Attributes it does not list stay in `$attrs` and
 * are written back unchanged.
 */
export const flowableModdle = {
  name: 'Flowable',
  uri: 'http://flowable.org/bpmn',
  prefix: 'flowable',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'UserTaskAttrs',
      extends: ['bpmn:UserTask'],
      properties: [attr('assignee'), attr('candidateUsers'), attr('candidateGroups'), attr('dueDate')],
    },
    { name: 'StartEventAttrs', extends: ['bpmn:StartEvent'], properties: [attr('initiator')] },
    {
      name: 'ServiceTaskAttrs',
      extends: ['bpmn:ServiceTask'],
      properties: [
        attr('delegateExpression'),
        attr('title'),
        attr('content'),
        attr('category'),
        attr(FLOW_JOB_ATTRIBUTE),
      ],
    },
  ],
}
