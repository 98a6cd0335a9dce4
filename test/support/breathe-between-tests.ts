// Setup file (vitest.config.ts): after every test the worker reads the runner's messages, so that
// a file of many long computing tests never goes 60 s without answering (see breathe.ts).
import { afterEach } from 'vitest';
import { breathe } from './breathe.js';

afterEach(breathe);
