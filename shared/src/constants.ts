// Business constants and limits (spec §9). One place; every app reads them from here.
export const VALIDATION_DELAY_MS = 500;
export const QUANTITY_MIN = 0;
export const QUANTITY_MAX = 10;
export const MOBILE_BREAKPOINT_PX = 992;
export const TOAST_DURATION_MS = 4000;
export const TOASTS_VISIBLE = 3;
export const TOAST_GAP_PX = 14;
export const TOAST_WIDTH_PX = 356;
export const TOAST_SWIPE_THRESHOLD_PX = 20;
export const TOAST_SWIPE_VELOCITY_PX_PER_MS = 0.11;
export const TOAST_REMOVE_DELAY_MS = 200;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
