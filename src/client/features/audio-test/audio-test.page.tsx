import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircle, Play, Square } from 'lucide-react';
import { generateAudio } from '../../lib/api/generate-audio.api';
import { useSettings } from '../../lib/api/settings.api';
import { playSilentSample } from '../../lib/audio/audio-output';
import { audioSessions } from '../../lib/audio/audio-session';
import { sharedClipPlayer } from '../../lib/audio/shared-clip-player';
import { stopAllAudio } from '../../lib/audio/stop-all-audio';
import { gainOf } from '../../lib/audio/volume';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/hooks/document-title.hook';
import { Badge } from '../../ui/badge.component';
import { Button } from '../../ui/button.component';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card.component';
import { toast } from '../../ui/toast-store';
import {
  AUDIO_TEST_IDS,
  type AudioTestDeps,
  type AudioTestResult,
  type AudioTestStatus,
  runAudioTests,
} from './lib/audio-tests';

/** The fixed test voice: a built-in Spanish one, so the page works without any key. */
const TEST_VOICE = 'builtin:es-419-f1';
const SESSION_OWNER = 'audio-test';
/** A clip gets 8 s, as in the player (docs/product/audiobooks.md#playback). */
const CLIP_TIMEOUT_MS = 8_000;
/** Bytes no browser decodes as audio: the retry test's failing first attempt. */
const BROKEN_SOURCE = 'data:audio/mpeg;base64,AAAAAAAAAAAAAAAA';

type AudioContextClass = typeof AudioContext;
/** Safari before 14.1 has only the prefixed one. */
function audioContextClass(): AudioContextClass | undefined {
  const scope = window as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

interface DeviceInfo {
  platform: string;
  isIos: boolean;
  isMobile: boolean;
  hasAudioContext: boolean;
  audioContextState: string | null;
  isInitialized: boolean;
}

function readDevice(context: AudioContext | null): DeviceInfo {
  const agent = navigator.userAgent;
  // Chromium names the platform; elsewhere the user agent's first bracketed part does ("iPhone", "X11").
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ||
    /\(([^;)]+)/.exec(agent)?.[1] ||
    '—';
  // iPadOS presents itself as a Mac, told apart by its touch screen.
  const isIos = /iPad|iPhone|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
  return {
    platform,
    isIos,
    isMobile: isIos || /Mobi|Android/i.test(agent),
    hasAudioContext: audioContextClass() !== undefined,
    audioContextState: context?.state ?? null,
    isInitialized: context !== null,
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

const STATUS_STYLE: Record<AudioTestStatus, string> = {
  pending: 'bg-muted text-muted-foreground',
  running: 'bg-yellow-400 text-black',
  passed: 'bg-green-700 text-white',
  failed: 'bg-destructive text-white',
};

/**
 * `/audio-test` (docs/product/audiobooks.md#audio-diagnostics): the device's audio set-up, refreshed every
 * second, and five tests run in order with their status and details.
 */
export function AudioTestPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.audioTestTitle'));
  const settings = useSettings();
  const context = useRef<AudioContext | null>(null);
  const run = useRef<AbortController | null>(null);
  const [device, setDevice] = useState(() => readDevice(null));
  const [results, setResults] = useState<readonly AudioTestResult[]>(() =>
    AUDIO_TEST_IDS.map((id) => ({ id, status: 'pending', details: [] })),
  );
  const [isRunning, setIsRunning] = useState(false);
  const volume = gainOf(settings.data?.volume ?? 80);

  useEffect(() => {
    const timer = setInterval(() => setDevice(readDevice(context.current)), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(
    () => () => {
      run.current?.abort();
      audioSessions.end(SESSION_OWNER);
      void context.current?.close();
    },
    [],
  );

  const deps: AudioTestDeps = {
    async initAudioContext() {
      const Context = audioContextClass();
      if (!Context) throw new Error('AudioContext is not supported');
      context.current ??= new Context();
      await context.current.resume();
      setDevice(readDevice(context.current));
      if (context.current.state !== 'running') throw new Error(`AudioContext is ${context.current.state}`);
      return context.current.state;
    },
    async prepareSession() {
      if (!audioSessions.begin(SESSION_OWNER, () => stopAllAudio())) {
        throw new Error(`another audio session is running (${audioSessions.owner() ?? '?'})`);
      }
      // A silent sample played inside the learner's press unlocks later playback (iOS, installed app).
      if (context.current) playSilentSample(context.current);
      return `session: ${SESSION_OWNER}`;
    },
    async clipOf(text) {
      const answer = await generateAudio({ text, voiceId: TEST_VOICE, language: 'es-MX', speed: 1 });
      return answer.audio;
    },
    play(source, signal) {
      const clip = new AbortController();
      const abort = () => clip.abort();
      signal.addEventListener('abort', abort, { once: true });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          clip.abort();
          reject(new Error(`the clip did not end within ${CLIP_TIMEOUT_MS} ms`));
        }, CLIP_TIMEOUT_MS);
      });
      audioSessions.keepAlive(SESSION_OWNER);
      return Promise.race([
        sharedClipPlayer().play(source, { signal: clip.signal, volume, onStart: () => undefined }),
        timeout,
      ]).finally(() => {
        clearTimeout(timer);
        signal.removeEventListener('abort', abort);
      });
    },
    brokenSource: BROKEN_SOURCE,
    sleep,
    random: Math.random,
  };

  const runAll = async () => {
    if (isRunning) return;
    const controller = new AbortController();
    run.current = controller;
    setIsRunning(true);
    toast({ title: t('audioTest.toasts.started') });
    try {
      const finished = await runAudioTests(deps, setResults, controller.signal);
      if (!controller.signal.aborted) {
        const passed = finished.filter((result) => result.status === 'passed').length;
        toast({
          title: t('audioTest.toasts.finished'),
          description: t('audioTest.toasts.finishedDescription', { passed, total: finished.length }),
          variant: passed === finished.length ? 'default' : 'destructive',
        });
      }
    } catch (error) {
      toast({ title: t('audioTest.toasts.failed'), description: String(error), variant: 'destructive' });
    } finally {
      audioSessions.end(SESSION_OWNER);
      setIsRunning(false);
    }
  };

  const stop = () => {
    run.current?.abort();
    sharedClipPlayer().stop();
    stopAllAudio();
    audioSessions.end(SESSION_OWNER);
    toast({ title: t('audioTest.toasts.stopped') });
  };

  const yesNo = (value: boolean) => (value ? t('audioTest.device.yes') : t('audioTest.device.no'));
  const deviceRows: Array<[string, string]> = [
    [t('audioTest.device.platform'), device.platform],
    [t('audioTest.device.ios'), yesNo(device.isIos)],
    [t('audioTest.device.mobile'), yesNo(device.isMobile)],
    [t('audioTest.device.audioContext'), yesNo(device.hasAudioContext)],
    [t('audioTest.device.audioContextState'), device.audioContextState ?? t('audioTest.device.none')],
    [t('audioTest.device.initialized'), yesNo(device.isInitialized)],
  ];

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 py-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('pages.audioTestTitle')}</h1>
        <p className="text-muted-foreground">{t('audioTest.intro')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('audioTest.device.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="device-info">
            {deviceRows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void runAll()} disabled={isRunning}>
          {isRunning ? <LoaderCircle className="animate-spin" aria-hidden /> : <Play aria-hidden />}
          {t('audioTest.runAll')}
        </Button>
        <Button variant="outline" onClick={stop}>
          <Square aria-hidden />
          {t('audioTest.stopAudio')}
        </Button>
      </div>
      <section aria-labelledby="audio-test-results" className="flex flex-col gap-2">
        <h2 id="audio-test-results" className="text-xl font-semibold">
          {t('audioTest.results')}
        </h2>
        <ol className="flex flex-col gap-2">
          {results.map((result) => (
            <li key={result.id} className="rounded-lg border p-3" data-testid={`audio-test-${result.id}`}>
              <div className="flex items-center justify-between gap-3">
                <span className="font-medium">{t(`audioTest.tests.${result.id}`)}</span>
                <Badge
                  className={cn('border-transparent', STATUS_STYLE[result.status])}
                  data-testid="audio-test-status"
                >
                  {t(`audioTest.status.${result.status}`)}
                </Badge>
              </div>
              {result.details.length > 0 ? (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer text-muted-foreground">{t('audioTest.details')}</summary>
                  <pre className="mt-1 overflow-x-auto text-xs break-all whitespace-pre-wrap">
                    {result.details.join('\n')}
                  </pre>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
