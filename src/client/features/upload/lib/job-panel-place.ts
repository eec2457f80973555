/**
 * Where the job panel is, so the toast that sends the learner there names the right place: it floats at the
 * bottom right from Tailwind's `lg` breakpoint up and sits above the form below it
 * (`components/job-panel.component.tsx`); a phone has no "bottom right" to look at.
 */
export const JOB_PANEL_FLOATS_FROM_PX = 1024;

export type JobPanelPlace = 'bottomRight' | 'aboveForm';

export const jobPanelPlace = (viewportWidth: number): JobPanelPlace =>
  viewportWidth >= JOB_PANEL_FLOATS_FROM_PX ? 'bottomRight' : 'aboveForm';
