/**
 * Runs in every test worker before a test file loads: hands it the PostgreSQL URL the global
 * set-up found, so test/harness.ts (which picks its dialects at import time) sees it. The
 * servers tests start do not warm render threads (each would spend a second of CPU on it); the
 * tests of warming turn it on.
 */
import { inject } from 'vitest';

const url = inject('testDatabaseUrl');
if (url && !process.env.TEST_DATABASE_URL) process.env.TEST_DATABASE_URL = url;

process.env.CANOPY_RENDER_WARM ??= 'false';
