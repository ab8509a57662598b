import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The ecosystem tools live outside the project's dependencies, in the scratch folder that
 * .ci/install-ecosystem-tools fills: EMS_TOOLS_DIR, default ~/.cache/ems-tools.
 */
export const TOOLS_DIR = process.env.EMS_TOOLS_DIR || join(homedir(), '.cache', 'ems-tools');
const INSTALL = 'run .ci/install-ecosystem-tools';

export const PRISM = join(TOOLS_DIR, 'node_modules', '.bin', 'prism');
export const SPECMATIC_JAR = join(TOOLS_DIR, 'node_modules', 'specmatic', 'specmatic.jar');
export const ACTION_VALIDATOR = join(TOOLS_DIR, 'node_modules', '.bin', 'action-validator');

/** false when Prism is installed, else why its test is skipped. */
export const prismAbsent: string | false = existsSync(PRISM) ? false : `Prism is not installed in ${TOOLS_DIR} (${INSTALL})`;

/** false when @action-validator/cli is installed, else why its test is skipped. */
export const actionValidatorAbsent: string | false = existsSync(ACTION_VALIDATOR) ? false : `@action-validator/cli is not installed in ${TOOLS_DIR} (${INSTALL})`;

/** false when Specmatic's jar and a Java runtime are there, else why its test is skipped. */
export const specmaticAbsent: string | false = !existsSync(SPECMATIC_JAR)
  ? `Specmatic is not installed in ${TOOLS_DIR} (${INSTALL})`
  : spawnSync('java', ['-version'], { stdio: 'ignore' }).status !== 0
    ? 'no Java runtime (java) for Specmatic (apt-get install -y openjdk-17-jre-headless)'
    : false;
