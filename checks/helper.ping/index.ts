import acceptsToken from './helper.ping.accepts-token';
import schema from './schema.helper.ping';

export const checks = [schema, acceptsToken];
