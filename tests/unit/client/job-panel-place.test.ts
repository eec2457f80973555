import { describe, expect, it } from 'vitest';
import { jobPanelPlace } from '../../../src/client/features/upload/lib/job-panel-place';

describe('jobPanelPlace', () => {
  it('names the bottom right only where the panel floats there', () => {
    expect(jobPanelPlace(1280)).toBe('bottomRight');
    expect(jobPanelPlace(1024)).toBe('bottomRight');
    expect(jobPanelPlace(1023)).toBe('aboveForm');
    expect(jobPanelPlace(390)).toBe('aboveForm');
  });
});
