import type { Capability, ConformanceReport, CreatedContact, RunMode, TrafficSource, Verdict } from '../types';
import { type Target, unmetNeedsByRule, type Redactor } from '../core';
import type { CoverageRecord } from './coverage';

/** Test annotations the judge fixture writes and the conformance reporter reads (JSON descriptions). */
export const ANNOTATION = {
  verdict: 'ems-verdict',
  target: 'ems-target',
  coverage: 'ems-coverage',
  createdContacts: 'ems-created-contacts',
  /** The stateful exploration's shortest sequence the model rejected (ExplorationFailure). */
  exploration: 'ems-exploration',
} as const;

export type TargetAnnotation = ConformanceReport['target'] & {
  seed: number;
  capabilities: Capability[];
  /** The rules of the catalogue this target cannot judge, with the reason (rules.yaml `needs` not met). */
  unmetNeeds: Record<string, string>;
  /** Absent in annotations of runs before traffic runs existed: active. */
  mode?: RunMode;
  /** The recordings a traffic run judged. */
  traffic?: { sources: TrafficSource[]; exchanges: number };
};

export interface Annotation {
  type: string;
  description?: string;
}

export interface TestRecordAnnotations {
  target: Target;
  verdicts: Verdict[];
  coverage: CoverageRecord;
  createdContacts: CreatedContact[];
  redactor: Redactor;
  /** A traffic run's recordings (absent: an active run). */
  traffic?: { sources: TrafficSource[]; exchanges: number };
}

/** The annotations one test leaves for the reporter, every value redacted. */
export function testAnnotations(record: TestRecordAnnotations): Annotation[] {
  const { target, redactor } = record;
  const targetAnnotation: TargetAnnotation = {
    baseUrl: target.baseUrl,
    authUrl: target.authUrl,
    profile: target.profile.name,
    embeddedMock: target.embeddedMock,
    allowWrites: target.allowWrites,
    faults: target.faults,
    ...(target.replay ? { replay: target.replay } : {}),
    seed: target.seed,
    capabilities: [...target.capabilities],
    unmetNeeds: unmetNeedsByRule(target.capabilities),
    mode: record.traffic ? 'traffic' : 'active',
    ...(record.traffic ? { traffic: record.traffic } : {}),
  };
  const json = (value: unknown) => redactor.text(JSON.stringify(redactor.value(value)));
  return [
    { type: ANNOTATION.target, description: json(targetAnnotation) },
    ...record.verdicts.map((verdict) => ({ type: ANNOTATION.verdict, description: json(verdict) })),
    { type: ANNOTATION.coverage, description: json(record.coverage) },
    ...(record.createdContacts.length > 0 ? [{ type: ANNOTATION.createdContacts, description: json(record.createdContacts) }] : []),
  ];
}
