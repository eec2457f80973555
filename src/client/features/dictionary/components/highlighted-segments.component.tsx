import type { TextSegment } from '../../../lib/word-highlight';

/** Text with its matched parts marked; <mark> tells screen readers too. */
export function HighlightedSegments({ segments }: { segments: readonly TextSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.isMatch ? (
          // Segments of one text never reorder, so their position is a stable key.
          <mark
            key={index}
            className="rounded-sm bg-yellow-200 px-0.5 font-semibold text-yellow-950 dark:bg-yellow-800 dark:text-yellow-50"
          >
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
