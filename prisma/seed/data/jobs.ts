// Seeded job server and job definitions: the platform's housekeeping runs as ordinary jobs that an
// administrator can pause, reschedule or run now from the job screens.

export const JOB_SERVER_SEED = {
  key: 'local',
  jobServerName: '本地调度',
  jobServerUrl: 'http://127.0.0.1:8091',
  jobAppName: 'ysjs-worker',
  jobRemark: '平台内置的任务应用(ysjs-worker)',
} as const

export type JobSeed = {
  key: string
  jobName: string
  jobDescription: string
  enable: 0 | 1
  timeExpression: string
  processorInfo: string
  jobParams: string | null
}

/** CRON jobs (Quartz style, Asia/Shanghai), built-in processors. */
export const JOB_SEEDS: readonly JobSeed[] = [
  {
    key: 'log-retention',
    jobName: '清理过期日志',
    jobDescription: '删除超过保留天数 (参数 log.retentionDays) 的接口日志、错误日志和通用日志',
    enable: 1,
    timeExpression: '0 30 3 * * ?',
    processorInfo: 'prune-logs',
    jobParams: null,
  },
  {
    key: 'prune-auth',
    jobName: '清理过期令牌与验证码',
    jobDescription: '清理用户令牌索引中已过期的令牌和没有过期时间的验证码',
    enable: 1,
    timeExpression: '0 15 * * * ?',
    processorInfo: 'prune-auth',
    jobParams: null,
  },
  {
    key: 'publish-notices',
    jobName: '发布定时通知',
    jobDescription: '发布到达发布时间的通知',
    enable: 1,
    timeExpression: '0 * * * * ?',
    processorInfo: 'publish-notices',
    jobParams: null,
  },
  {
    key: 'prune-uploads',
    jobName: '清理未引用的上传文件',
    jobDescription:
      '删除上传后超过宽限期 (默认 24 小时) 仍没有任何记录引用的文件, 并退还租户存储额度; 任务参数 {"dryRun": true} 只在运行日志中列出',
    enable: 1,
    timeExpression: '0 0 4 * * ?',
    processorInfo: 'prune-uploads',
    jobParams: null,
  },
]
