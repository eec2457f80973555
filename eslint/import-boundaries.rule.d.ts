import type { Rule } from 'eslint';

/** Typed for the unit test that proves the rule fires (tests/unit/client/import-boundaries.test.ts). */
export declare const importBoundariesRule: Rule.RuleModule;
