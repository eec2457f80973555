import { ownStyleName, resolveImageStyle } from '../../shared/catalogs/image-styles';

/**
 * A series' (or its job's) style as the learner reads it (docs/product/decisions.md#series-style-names):
 * the catalogue's name of its style id in the interface language, or a name of the learner's own as they
 * wrote it. The library's badge and the player's picker both show it.
 */
export function seriesStyleName(
  series: { imageStyle: string | null; styleName: string | null },
  language: string,
): string {
  const own = ownStyleName(series.styleName);
  if (own !== null) return own;
  const style = resolveImageStyle(series.imageStyle);
  return language.startsWith('ru') ? style.nameRu : style.nameEn;
}
