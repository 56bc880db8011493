// The table lives in common/: the SPA's notification settings and webhook page offer the same types.
export { EVENT_TYPES, EVENT_TYPE_NAMES, isEventType, type EventSubjectKind, type EventType } from '../../../common/event-types.ts';
