/**
 * Component tests wait up to 10 s for what a person would wait for (a chunk loaded on demand,
 * a query answered): the default 1 s is too short on a machine busy with the whole suite.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 10_000 });
