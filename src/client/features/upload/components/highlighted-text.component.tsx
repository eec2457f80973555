import { Fragment } from 'react';
import { markerSegments } from '../../../lib/word-highlight';

/**
 * Example sentences mark the learnt word with `** **`
 * (docs/product/upload.md#translation-analysis-and-examples); the marked part is shown in bold instead of
 * printing the asterisks.
 */
export function HighlightedText({ text }: { text: string }) {
  const segments = markerSegments(text);
  // No markers, or an odd count leaving the last one unmatched: show the text as it is rather than guess.
  if (!segments) return <>{text}</>;
  return (
    <>
      {segments.map((segment, index) =>
        segment.isMatch ? (
          // Parts never move or change order within one sentence, so their position is a stable key.
          <strong key={index} className="font-semibold text-foreground">
            {segment.text}
          </strong>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}
