import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { z } from 'zod';
import { currentBuildDir } from '../../src/server/lib/build-folders';

/**
 * What a build is made from: a change to any of these makes `npm start` build again
 * (docs/DEPLOY.md#starting-and-building). The build's own configuration and code are here with the sources.
 */
const BUILD_INPUTS = [
  'src',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/build.ts',
  'scripts/lib',
];

/** Written into each server build: what it was built from, and the client build made with it. */
const RECORD_FILE = 'build-inputs.json';
const recordSchema = z.object({ inputs: z.string(), clientBuild: z.string() });

/** A hash of every input file's path and bytes, in a stable order. */
export function hashBuildInputs(projectRoot: string): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
      return;
    }
    hash.update(relative(projectRoot, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const input of BUILD_INPUTS) visit(join(projectRoot, input));
  return hash.digest('hex');
}

export function recordBuildInputs(serverBuildDir: string, inputs: string, clientBuildDir: string): void {
  const record: z.infer<typeof recordSchema> = { inputs, clientBuild: basename(clientBuildDir) };
  writeFileSync(join(serverBuildDir, RECORD_FILE), `${JSON.stringify(record)}\n`);
}

/** Are the current server and client builds the ones made from `inputs`, built together? */
export function isCurrentBuildOf(distDir: string, inputs: string): boolean {
  const serverBuild = currentBuildDir(join(distDir, 'server'));
  const clientBuild = currentBuildDir(distDir);
  if (!serverBuild || !clientBuild) return false;
  let record: z.infer<typeof recordSchema>;
  try {
    record = recordSchema.parse(JSON.parse(readFileSync(join(serverBuild, RECORD_FILE), 'utf8')));
  } catch {
    return false;
  }
  return (
    record.inputs === inputs &&
    record.clientBuild === basename(clientBuild) &&
    existsSync(join(clientBuild, 'index.html')) &&
    existsSync(join(serverBuild, 'main.js'))
  );
}
