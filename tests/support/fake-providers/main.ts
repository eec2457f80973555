/**
 * `npm run fake-providers [-- --port N]`: the fake providers as a standalone server, for running the app
 * (OPENAI_BASE_URL=… ELEVENLABS_BASE_URL=… LEONARDO_BASE_URL=…) or Playwright against it by hand.
 */
import { startFakeProviders } from './fake-provider-server';

function portFromArgs(args: readonly string[]): number {
  const index = args.findIndex((arg) => arg === '--port' || arg.startsWith('--port='));
  if (index === -1) return 5055;
  const arg = args[index] ?? '';
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`fake-providers: --port needs a number between 0 and 65535, got ${String(value)}`);
    process.exit(2);
  }
  return port;
}

const fake = await startFakeProviders({ port: portFromArgs(process.argv.slice(2)) });
const env = fake.env();
console.log('Fake AI providers listening:');
for (const [name, value] of Object.entries(env)) console.log(`  ${name}=${value}`);
console.log(
  'Keys: OpenAI sk-test-valid · ElevenLabs el-test-valid (el-test-tts-only restricted) · Leonardo leo-test-valid',
);

const stop = () => {
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
