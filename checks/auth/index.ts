import tokenMissing from './auth.token.missing';
import tokenInvalid from './auth.token.invalid';
import queryRejected from './auth.token.query-rejected';
import bodyRejected from './auth.token.body-rejected';
import appEndpointRetired from './auth.app-endpoint.retired';
import appTokenStillWorks from './auth.app-token.still-works';
import permissionGroupsSearch from './auth.permission.groups-search';
import permissionContactsImport from './auth.permission.contacts-import';

export const checks = [
  tokenMissing,
  tokenInvalid,
  queryRejected,
  bodyRejected,
  appEndpointRetired,
  appTokenStillWorks,
  permissionGroupsSearch,
  permissionContactsImport,
];
