import { jobSuite } from './job-suite.js';

jobSuite('inprocess');
