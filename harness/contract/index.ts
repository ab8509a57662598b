export { loadSpec, DEFAULT_SPEC_PATH, type ContractDocument, type OperationExtensions, type PayloadPart } from './spec';
export {
  operationInfo,
  operationParameters,
  isOperationKey,
  OPERATION_KEYS,
  type OperationInfo,
  type ParamSchema,
} from './operations';
export { isWrite, WRITE_OPERATIONS } from './writes';
export { loadRules, findRule, ruleById, validatingRule, DEFAULT_RULES_PATH } from './rules';
export { loadSilentPoints, silentPoint, silentPointProblems, DEFAULT_SILENT_POINTS_PATH } from './silent-points';
export { loadProfile, listBuiltInProfiles, DEFAULT_PROFILE, PROFILES_DIR } from './profiles';
export {
  createResponseValidator,
  type ResponseValidator,
  type Outcome,
  type ValueContext,
} from './response-validator';
export { DATETIME_FORMATS, type DatetimeFormat, type EmsFormat } from './datetime-formats';
export { valueAt, parsePointer, formatPointer } from './json-pointer';
export { codeFolder, codePath, repoRoot, repoPath, runsBuilt, cliCommand, workPath } from './repo-path';
export type { SchemaName } from './schema-compiler';
export { componentSchema, resolveSchema, type SchemaNode } from './schema-resolution';
export type { paths, components, operations } from './openapi.gen';
