import { describe } from 'vitest';
import { needs } from '../../helpers/requirements.js';
import { jobSuite } from './job-suite.js';

// BullMQ needs Redis: CI runs this against its real server (TEST_REDIS_URL).
const redisGate = needs('redis');
describe.skipIf(redisGate.skip)(`BullMQ driver${redisGate.note}`, () => {
  jobSuite('bullmq');
});
