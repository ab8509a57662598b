import shape from './envelope.shape';
import httpStatus from './envelope.http-status';
import errorSignal from './envelope.error-signal';
import datetimeFormat from './envelope.datetime-format';

export const checks = [shape, httpStatus, errorSignal, datetimeFormat];
