import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { importBoundariesRule } from '../../../eslint/import-boundaries.rule.js';

const root = path.resolve(import.meta.dirname, '../../..');
const linter = new Linter({ configType: 'flat', cwd: root });
const config: Linter.Config[] = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { local: { rules: { 'import-boundaries': importBoundariesRule } } },
    rules: { 'local/import-boundaries': 'error' },
  },
];

/** The rule's messages for the code written in a file at `file` (a repository path). */
const lint = (file: string, code: string) =>
  linter.verify(code, config, { filename: path.join(root, file) }).map((problem) => problem.message);

describe('modules never import jobs (eslint rule local/import-boundaries)', () => {
  it('a module importing from src/server/jobs/ fails, however the import is written', () => {
    const file = 'src/server/modules/uploads/uploads.service.ts';
    const [message] = lint(file, "import type { JobRuntime } from '../../jobs/job-runtime';");
    expect(message).toMatch(/does not import from src\/server\/jobs\/.*JobStarter/);
    expect(lint(file, "import { x } from '../dictionary/../../jobs/upload-words.job';")).toHaveLength(1);
    expect(lint(file, "export * from '../../jobs/job-data';")).toHaveLength(1);
    expect(lint(file, "type Input = import('../../jobs/create-audiobook.job').Input;")).toHaveLength(1);
    expect(lint(file, "const job = import('../../jobs/export-words.job');")).toHaveLength(1);
  });

  it('a module may import the job starter, the shared job kinds, other modules and server code', () => {
    const code = [
      "import type { JobStarter } from '../../lib/job-starter';",
      "import { JOB_KINDS } from '../../../shared/api/jobs';",
      "import { failureOf } from '../../http/job-failure';",
      "import type { SettingsService } from '../settings/settings.service';",
    ].join('\n');
    expect(lint('src/server/modules/uploads/uploads.service.ts', code)).toEqual([]);
  });

  it('jobs and the rest of the server may import from src/server/jobs/ and from modules', () => {
    const code = [
      "import { jobData } from './job-data';",
      "import type { UploadsRepository } from '../modules/uploads/uploads.repository';",
    ].join('\n');
    expect(lint('src/server/jobs/upload-words.job.ts', code)).toEqual([]);
    expect(lint('src/server/app.ts', "import { registerJobs } from './jobs';")).toEqual([]);
  });

  it('the project lint configuration refuses a module file that imports a job', async () => {
    // The project's own configuration, without the type-aware rules (building the program takes longer than
    // a unit test has): the boundary is a syntactic rule. The text is linted as the module file it names.
    const eslint = new ESLint({
      cwd: root,
      overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
    });
    const [result] = await eslint.lintText(
      "import type { JobRuntime } from '../../jobs/job-runtime';\n\nexport type Runtime = JobRuntime;\n",
      { filePath: path.join(root, 'src/server/modules/uploads/uploads.service.ts') },
    );
    const boundaryErrors = result?.messages.filter((problem) => problem.ruleId === 'local/import-boundaries');
    expect(boundaryErrors).toHaveLength(1);
    expect(boundaryErrors?.[0]?.severity).toBe(2);
  });
});
