import type { words } from '../../src/server/db/schema';

const CEFR = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];
const POS = ['noun', 'verb', 'adjective', 'adverb', 'phrase'];
const THEMES = ['животные', 'еда', 'дом', 'город', 'природа', 'работа', 'время', 'люди'];

/** A word as an upload with every stage on leaves it: example, tags, picture and clip paths. */
export function benchWordRow(userId: string, index: number): typeof words.$inferInsert {
  const spanish = `palabra${index}`;
  const sha = (salt: string) =>
    `${salt}${index.toString(16)}`
      .padEnd(64, '0')
      .replace(/[^0-9a-f]/g, 'a')
      .slice(0, 64);
  return {
    userId,
    spanish: index % 3 === 0 ? `el ${spanish}` : spanish,
    russian: `слово номер ${index}`,
    duplicateKey: spanish,
    example: `Cada mañana veo **${spanish}** en el camino a la escuela con mis amigos.`,
    exampleTranslation: `Каждое утро я вижу **слово ${index}** по дороге в школу с друзьями.`,
    highlightedSpanishWord: spanish,
    highlightedRussianWord: `слово ${index}`,
    cefrLevel: CEFR[index % CEFR.length],
    partOfSpeech: POS[index % POS.length],
    themeCategory: THEMES[index % THEMES.length],
    imageUrl: `/media/${sha('1')}.webp`,
    imageStyle: 'sketch',
    audioData: `/media/${sha('2')}.mp3`,
    russianAudioData: `/media/${sha('3')}.mp3`,
    secondVoiceAudioData: `/media/${sha('4')}.mp3`,
    attempts: index % 50,
    listenCount: index % 50,
    isActive: index % 7 !== 0,
    disabledAt: index % 7 === 0 ? new Date() : null,
  };
}
