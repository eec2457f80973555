/**
 * The operator's command line for jobs, without SQL (docs/SECURITY.md#crashed-jobs):
 *
 *   npm run jobs -- list [--json]    unfinished and crashed jobs: kind, learner, stage, owner instance,
 *                                    crashed starts, lease age
 *   npm run jobs -- cancel <job id>  cancels an unfinished job (a crash-looping one, say)
 *
 * It takes the server's environment (src/server/env.ts) and reaches its database as
 * src/server/db/tool-database.ts says, whether the server runs or not.
 */
import { openToolDatabase, ToolDatabaseUnavailableError } from '../db/tool-database';
import { readEnv } from '../env';
import { createJobOperatorService, type OperatorJob } from './job-operator.service';
import { createJobsRepository } from './jobs.repository';

const USAGE = `Usage:
  npm run jobs -- list [--json]     unfinished and crashed jobs
  npm run jobs -- cancel <job id>   cancel an unfinished job`;

/** The command's answer, on stdout. */
const print = (text: string) => process.stdout.write(`${text}\n`);

/** Start-up news of the database, on stderr so that `list --json` prints only its JSON. */
const toolLog = {
  info: (message: string) => console.error(message),
  warn: (message: string) => console.error(message),
};

const COLUMNS: { title: string; value(job: OperatorJob): string }[] = [
  { title: 'JOB', value: (job) => job.id },
  { title: 'KIND', value: (job) => job.kind },
  { title: 'STATUS', value: (job) => (job.isCrashed ? 'failed: job_crashed' : job.status) },
  { title: 'STAGE', value: (job) => job.stage },
  { title: 'LEARNER', value: (job) => job.userId },
  { title: 'OWNER', value: (job) => job.ownerInstanceId ?? '-' },
  { title: 'CRASHED STARTS', value: (job) => String(job.crashedStarts) },
  { title: 'LEASE AGE', value: (job) => (job.leaseAgeSeconds === null ? '-' : `${job.leaseAgeSeconds} s`) },
];

function tableOf(jobs: OperatorJob[]): string {
  const rows = [
    COLUMNS.map((column) => column.title),
    ...jobs.map((job) => COLUMNS.map((c) => c.value(job))),
  ];
  const widths = COLUMNS.map((_, index) => Math.max(...rows.map((row) => row[index]?.length ?? 0)));
  return rows
    .map((row) =>
      row
        .map((cell, index) => cell.padEnd(widths[index] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function main(args: string[]): Promise<number> {
  const [command, argument] = args;
  if (command !== 'list' && command !== 'cancel') {
    console.error(USAGE);
    return 2;
  }
  if (command === 'cancel' && !argument) {
    console.error(USAGE);
    return 2;
  }
  const database = await openToolDatabase(readEnv(), toolLog);
  try {
    const operator = createJobOperatorService(createJobsRepository(database.db));
    if (command === 'list') {
      const jobs = await operator.list();
      if (argument === '--json') {
        print(JSON.stringify(jobs));
      } else if (jobs.length === 0) {
        print('No unfinished or crashed jobs.');
      } else {
        print(tableOf(jobs));
        print(
          '\nA crashed start is a run whose process died (its lease lapsed); the third fails the job. ' +
            'LEASE AGE is the time since its owner last renewed it.',
        );
      }
      return 0;
    }
    const cancel = await operator.cancel(argument ?? '');
    if (cancel.outcome === 'cancelled') {
      print(`Cancelled ${argument}; an instance running it stops at its next unit.`);
      return 0;
    }
    console.error(
      cancel.outcome === 'not_found'
        ? `No job ${argument}.`
        : `Job ${argument} is already ${cancel.status}: it will not run again.`,
    );
    return 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ToolDatabaseUnavailableError ? error.message : error);
    process.exit(1);
  },
);
