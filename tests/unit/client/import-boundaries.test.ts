import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { importBoundariesRule } from '../../../eslint/import-boundaries.rule.js';

const root = path.resolve(import.meta.dirname, '../../..');
const linter = new Linter({ configType: 'flat', cwd: root });
const config: Linter.Config[] = [
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    plugins: { local: { rules: { 'import-boundaries': importBoundariesRule } } },
    rules: { 'local/import-boundaries': 'error' },
  },
];

/** The rule's messages for one import written in a file at `file` (a repository path). */
const lint = (file: string, code: string) =>
  linter.verify(code, config, { filename: path.join(root, file) }).map((problem) => problem.message);

describe('import boundaries (eslint rule local/import-boundaries)', () => {
  it('a screen may not import another screen, however the path is spelled', () => {
    const [message] = lint(
      'src/client/features/learn/lib/card-text.ts',
      "import { x } from '../../dictionary/lib/word-selection';",
    );
    expect(message).toMatch(/features\/learn → features\/dictionary/);
    expect(
      lint('src/client/features/upload/upload.page.tsx', "export * from '../settings/api/voices.api';"),
    ).toHaveLength(1);
    expect(
      lint('src/client/features/home/home.page.tsx', "const page = import('../learn/learn.page');"),
    ).toHaveLength(1);
  });

  it('a screen may not name another screen in a type import either, nor import the app', () => {
    expect(
      lint(
        'src/client/features/learn/lib/card-text.ts',
        "type Row = import('../../dictionary/lib/word-selection').Row;",
      ),
    ).toHaveLength(1);
    expect(
      lint('src/client/features/learn/learn.page.tsx', "import router = require('../../app/router');"),
    ).toHaveLength(1);
    expect(lint('src/client/lib/cn.ts', "import { routes } from '../app/router';")).toHaveLength(1);
  });

  it('the project lint configuration applies the rule to screens', async () => {
    const eslint = new ESLint({ cwd: root });
    const config = (await eslint.calculateConfigForFile(
      path.join(root, 'src/client/features/learn/learn.page.tsx'),
    )) as { rules?: Record<string, unknown> };
    expect(config.rules?.['local/import-boundaries']).toEqual([2]);
  });

  it('a screen may import its own files, src/client/lib, src/client/ui, src/shared and packages', () => {
    const code = [
      "import { a } from '../lib/card-text';",
      "import { b } from '../../../lib/api/words.api';",
      "import { c } from '../../../ui/button.component';",
      "import { d } from '../../../../shared/realtime';",
      "import { useQuery } from '@tanstack/react-query';",
    ].join('\n');
    expect(lint('src/client/features/learn/hooks/learn-actions.hook.ts', code)).toEqual([]);
  });

  it('src/client/lib and src/client/ui import no screen', () => {
    expect(lint('src/client/lib/cn.ts', "import '../features/upload/lib/upload-text';")).toHaveLength(1);
    expect(lint('src/client/ui/card.component.tsx', "import '../features/home/home.page';")).toHaveLength(1);
  });

  it('src/shared imports neither side, the server never imports the client, the client never the server', () => {
    expect(lint('src/shared/realtime.ts', "import '../client/lib/cn';")).toHaveLength(1);
    expect(lint('src/shared/api/words.ts', "import '../../server/db/client';")).toHaveLength(1);
    expect(lint('src/server/lib/concurrency.ts', "import '../../client/lib/cn';")).toHaveLength(1);
    expect(lint('src/client/app/router.tsx', "import '../../server/app';")).toHaveLength(1);
    expect(lint('src/server/app.ts', "import '../shared/realtime';")).toEqual([]);
  });
});
