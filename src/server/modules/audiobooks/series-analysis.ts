import { z } from 'zod';
import { type ImageStyle, stylePrompt } from '../../../shared/catalogs/image-styles';
import { withoutControlCharacters } from '../../../shared/text/control-characters';
import type { LanguageModel } from '../../providers/language-model';
import { isProviderError } from '../../providers/provider-error';

/**
 * A series' character and atmosphere analysis (docs/product/audiobooks.md#consistent-pictures): the language
 * model reads the book once per series and describes its recurring characters and its setting; every picture
 * prompt of the series carries that description, so a hero keeps one face from sentence to sentence.
 *
 * The answer is hostile input: it is checked against bounds that keep every picture prompt within what the
 * image providers take (Leonardo's and DALL·E's prompt limits), and an answer that fails them is no analysis
 * at all: the series is then drawn as it would be without a language model.
 */

export const ANALYSIS_LIMITS = {
  characters: 4,
  name: 40,
  appearance: 120,
  setting: 150,
  mood: 60,
  /** Of the book's Spanish text sent to the model; a longer book is read from its start. */
  bookText: 20_000,
} as const;

const text = (max: number) => z.string().min(1).max(max);

export const characterAnalysisSchema = z.object({
  characters: z
    .array(z.object({ name: text(ANALYSIS_LIMITS.name), appearance: text(ANALYSIS_LIMITS.appearance) }))
    .max(ANALYSIS_LIMITS.characters),
});
export const atmosphereAnalysisSchema = z.object({
  setting: text(ANALYSIS_LIMITS.setting),
  mood: text(ANALYSIS_LIMITS.mood),
});
const answerSchema = z.object({
  ...characterAnalysisSchema.shape,
  ...atmosphereAnalysisSchema.shape,
});

/** One line of a prompt: no line breaks or control characters from the model survive. */
const oneLine = (value: string) => withoutControlCharacters(value).replace(/\s+/g, ' ').trim();

export interface SeriesAnalysis {
  characterAnalysis: z.infer<typeof characterAnalysisSchema>;
  atmosphereAnalysis: z.infer<typeof atmosphereAnalysisSchema>;
}

/** The analysis with every text made one line; null when a text is left empty by it. */
function cleaned(analysis: SeriesAnalysis): SeriesAnalysis | null {
  const characters = analysis.characterAnalysis.characters.map((character) => ({
    name: oneLine(character.name),
    appearance: oneLine(character.appearance),
  }));
  const setting = oneLine(analysis.atmosphereAnalysis.setting);
  const mood = oneLine(analysis.atmosphereAnalysis.mood);
  const texts = [setting, mood, ...characters.flatMap((character) => [character.name, character.appearance])];
  if (texts.some((value) => value === '')) return null;
  return { characterAnalysis: { characters }, atmosphereAnalysis: { setting, mood } };
}

const SYSTEM = [
  'You prepare a picture book: an illustrator will draw one picture for many sentences of a story, one at a',
  'time, and must draw every recurring character and the place the same way each time.',
  'Read the story (in Spanish) and answer in English:',
  `- characters: the recurring characters (at most ${ANALYSIS_LIMITS.characters}, the most important first),`,
  `  each with its name (at most ${ANALYSIS_LIMITS.name} characters) and a fixed visual description`,
  `  (at most ${ANALYSIS_LIMITS.appearance} characters: age, build, face, hair, clothes, colours);`,
  `- setting: where and when the story happens, as an illustrator would paint it (at most ${ANALYSIS_LIMITS.setting} characters);`,
  `- mood: the light and atmosphere of the pictures (at most ${ANALYSIS_LIMITS.mood} characters).`,
  'Describe only what is drawn; no text, no letters.',
].join('\n');

/**
 * The one language-model call of a series: null when the model fails or its answer breaks the bounds
 * (the series is then drawn without it). Errors that are not the provider's are not swallowed.
 */
export async function analyseSeries(
  languageModel: LanguageModel,
  sentences: readonly { spanish: string }[],
): Promise<SeriesAnalysis | null> {
  const story = sentences
    .map((sentence) => sentence.spanish)
    .join(' ')
    .slice(0, ANALYSIS_LIMITS.bookText);
  if (story.trim() === '') return null;
  try {
    const answer = await languageModel.completeJson({
      schemaName: 'series_analysis',
      schema: answerSchema,
      system: SYSTEM,
      prompt: `The story:\n${story}`,
      temperature: 0.2,
    });
    const { characters, setting, mood } = answer.value;
    return cleaned({ characterAnalysis: { characters }, atmosphereAnalysis: { setting, mood } });
  } catch (error) {
    if (isProviderError(error)) return null;
    throw error;
  }
}

/**
 * The analysis a series row holds, read with the same bounds as the model's answer (a restored backup's
 * row is as untrusted as the model was); null when it holds none or one that breaks them.
 */
export function storedAnalysis(row: {
  characterAnalysis: unknown;
  atmosphereAnalysis: unknown;
}): SeriesAnalysis | null {
  const characters = characterAnalysisSchema.safeParse(row.characterAnalysis);
  const atmosphere = atmosphereAnalysisSchema.safeParse(row.atmosphereAnalysis);
  return characters.success && atmosphere.success
    ? cleaned({ characterAnalysis: characters.data, atmosphereAnalysis: atmosphere.data })
    : null;
}

/** What every picture prompt of an analysed series adds to its style and sentence. */
export function analysisPrompt(analysis: SeriesAnalysis): string {
  const { characters } = analysis.characterAnalysis;
  const { setting, mood } = analysis.atmosphereAnalysis;
  const people =
    characters.length === 0
      ? ''
      : ` Recurring characters, drawn exactly alike in every picture: ${characters
          .map((character) => `${character.name}: ${character.appearance}`)
          .join('; ')}.`;
  return `Setting: ${setting}. Mood: ${mood}.${people}`;
}

/** The prompt of one picture of a series: the style's template around the sentence, then the analysis. */
export function seriesPicturePrompt(
  style: ImageStyle,
  sentence: { spanish: string; russian: string },
  analysis: SeriesAnalysis | null,
): string {
  const base = stylePrompt(style, `${sentence.spanish} (${sentence.russian})`);
  return analysis ? `${base}. ${analysisPrompt(analysis)}` : base;
}
