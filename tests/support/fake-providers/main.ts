/**
 * `npm run fake-providers [-- --port N] [--latency MS]`: the fake providers as a standalone server, for
 * running the app (OPENAI_BASE_URL=… ELEVENLABS_BASE_URL=… LEONARDO_BASE_URL=…), Playwright or the upload
 * benchmark against it. `--latency` delays every answer; on SIGTERM the lines `tokens: {…}` (chat tokens
 * answered) and, last, `requests: {…}` (calls received per provider and path) report what it served.
 */
import { startFakeProviders } from './fake-provider-server';

function numberFromArgs(args: readonly string[], name: string, fallback: number, max: number): number {
  const index = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (index === -1) return fallback;
  const arg = args[index] ?? '';
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > max) {
    console.error(`fake-providers: --${name} needs a number between 0 and ${max}, got ${String(value)}`);
    process.exit(2);
  }
  return number;
}

const args = process.argv.slice(2);
const fake = await startFakeProviders({ port: numberFromArgs(args, 'port', 5055, 65535) });
const latencyMs = numberFromArgs(args, 'latency', 0, 60_000);
if (latencyMs > 0) {
  for (const provider of ['openai', 'elevenlabs', 'leonardo'] as const) {
    fake.setBehaviour(provider, 'latency', { delayMs: latencyMs });
  }
}
const env = fake.env();
console.log('Fake AI providers listening:');
for (const [name, value] of Object.entries(env)) console.log(`  ${name}=${value}`);
console.log(
  'Keys: OpenAI sk-test-valid · ElevenLabs el-test-valid (el-test-tts-only restricted) · Leonardo leo-test-valid',
);

const stop = () => {
  const counts: Record<string, number> = {};
  for (const request of fake.requests) {
    const key = `${request.provider} ${request.path.replace(/\/[0-9a-f-]{8,}$/i, '/:id')}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  console.log(`tokens: ${JSON.stringify(fake.openaiTokenUsage)}`);
  console.log(`requests: ${JSON.stringify(counts)}`);
  fake.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
