import { writeFileSync } from 'node:fs';
import { GENERATED_FILE, generateApiTypes } from './openapi';

writeFileSync(GENERATED_FILE, await generateApiTypes());
console.log(`wrote ${GENERATED_FILE.pathname}`);
