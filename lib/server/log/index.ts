export { loggableError } from './loggable-error';
export { accessLogOn, logger, type LogService } from './logger';
export { requestId } from './request-id';
