// The flow administration screens, one file each; routed together as one lazy chunk.
export { FlowDeployPage } from './FlowDeployPage'
export { FlowFollowPage } from './FlowFollowPage'
export { FlowManagerPage } from './FlowManagerPage'
export { FlowModelPage } from './FlowModelPage'
