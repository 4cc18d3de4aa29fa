#!/usr/bin/env node
// Runs the TypeScript command line directly: no build step between an edit and `canopy start`.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
