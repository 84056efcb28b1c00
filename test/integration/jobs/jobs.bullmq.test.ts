import { describe, inject } from 'vitest';
import { jobSuite } from './job-suite.js';

// BullMQ needs Redis: CI runs this against its real server (TEST_REDIS_URL).
describe.skipIf(!inject('redisUrl'))('BullMQ driver', () => {
  jobSuite('bullmq');
});
