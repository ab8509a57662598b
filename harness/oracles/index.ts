/** Oracles: readers of what targets answer and the judgements built on them; one concept per file. */
export * from './integers';
export * from './absent';
export * from './booleans';
export * from './text';
export * from './time';
export * from './sets';
export * from './sequences';
export * from './order';
export * from './wildcard';
export * from './last-page';
