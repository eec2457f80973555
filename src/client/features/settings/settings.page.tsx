import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/hooks/document-title.hook';
import { loadOnce } from '../../lib/load-once';
import { whenIdle } from '../../lib/when-idle';
import { Button } from '../../ui/button.component';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.component';
import { useSettings } from '../../lib/api/settings.api';
import { useRevealInSlices } from '../../lib/hooks/reveal-in-slices.hook';
import { InterfaceTab } from './components/interface-tab.component';

/**
 * The tabs after the first, each a chunk of its own (docs/product/overview.md#serving-the-client): the screen
 * opens with the interface tab's code alone, and the others are fetched once it is idle, or when opened first.
 */
const loadAudioTab = loadOnce(async () => (await import('./components/audio-tab.component')).AudioTab);
const loadImagesTab = loadOnce(async () => (await import('./components/images-tab.component')).ImagesTab);
const loadApiTab = loadOnce(async () => (await import('./components/api-tab.component')).ApiTab);
const loadDataTab = loadOnce(async () => (await import('./components/data-tab.component')).DataTab);
const AudioTab = lazy(async () => ({ default: await loadAudioTab() }));
const ImagesTab = lazy(async () => ({ default: await loadImagesTab() }));
const ApiTab = lazy(async () => ({ default: await loadApiTab() }));
const DataTab = lazy(async () => ({ default: await loadDataTab() }));
const fetchOtherTabs = () =>
  Promise.all([loadAudioTab(), loadImagesTab(), loadApiTab(), loadDataTab()]).catch(() => undefined);

const SETTINGS_TABS = ['interface', 'audio', 'images', 'api', 'data'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

function isSettingsTab(value: unknown): value is SettingsTab {
  return typeof value === 'string' && (SETTINGS_TABS as readonly string[]).includes(value);
}

/**
 * Settings (docs/product/settings.md#settings): nothing but a loading state until the settings arrive, then
 * four tabs. The open tab is the `tab` search parameter, so a reload or a shared link opens the same tab.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('settingsDisplay.title'));
  const settingsQuery = useSettings();
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab');
  const tab: SettingsTab = isSettingsTab(requestedTab) ? requestedTab : 'interface';

  const { data: settings } = settingsQuery;
  const isRevealed = useRevealInSlices(settings !== undefined);
  useEffect(() => whenIdle(() => void fetchOtherTabs()), []);
  if (!settings || !isRevealed) {
    if (settingsQuery.isError) {
      return (
        <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
          <p className="text-lg font-medium">{t('settingsDisplay.loadFailed')}</p>
          <Button variant="outline" onClick={() => void settingsQuery.refetch()}>
            {t('settingsDisplay.retry')}
          </Button>
        </div>
      );
    }
    return (
      <p role="status" aria-live="polite" className="py-16 text-center text-lg font-medium">
        {t('common.loading')}
      </p>
    );
  }

  const selectTab = (value: string) => {
    if (!isSettingsTab(value)) return;
    // Replace, not push: switching tabs is not a navigation the Back button should step through.
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('settingsDisplay.title')}</h1>
      <Tabs value={tab} onValueChange={selectTab}>
        {/* docs/product/settings.md#settings: on a phone the five tabs sit three and two, none leaving the bar. */}
        <TabsList
          aria-label={t('settingsDisplay.tabs.label')}
          className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-auto"
        >
          {SETTINGS_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`settingsDisplay.tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="interface">
          <InterfaceTab settings={settings} />
        </TabsContent>
        <TabsContent value="audio">
          <Suspense fallback={<TabLoading />}>
            <AudioTab settings={settings} />
          </Suspense>
        </TabsContent>
        <TabsContent value="images">
          <Suspense fallback={<TabLoading />}>
            <ImagesTab settings={settings} />
          </Suspense>
        </TabsContent>
        <TabsContent value="api">
          <Suspense fallback={<TabLoading />}>
            <ApiTab settings={settings} />
          </Suspense>
        </TabsContent>
        <TabsContent value="data">
          <Suspense fallback={<TabLoading />}>
            <DataTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** A tab opened before its code has arrived (a link straight to it, or a quick first click). */
function TabLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" aria-live="polite" className="py-16 text-center text-lg font-medium">
      {t('common.loading')}
    </p>
  );
}
