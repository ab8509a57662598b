import fc from 'fast-check';
import type { HttpMethod } from '../harness/types';

/** The two documented forms of a search: GET with a query string, POST with a JSON body. */
export const searchMethod: fc.Arbitrary<HttpMethod> = fc.constantFrom<HttpMethod>('GET', 'POST');
