import { badInputSuite } from './bad-input-suite';

// Malformed input for a quarter of the API's routes (bad-input-suite.ts).
badInputSuite(2, 4);
