// @silent-point groups.userID-access
import { defineCheck } from '../../harness/check';
import { judgeFilter } from '../shared/judges';
import { driveFilter } from './filter-driver';
import { userIDFocus } from './filter-focuses';
import { OP } from './group-filters';
import { userIDRule } from './filter-rules';

// A user has access to the groups that belong to them ("ID of the system user the group belongs to").
// Whether a user also has access to other users' groups is silent: other groups are never failed.
export default defineCheck({
  rule: 'groups.search.userID.filter',
  title: "userID returns every group that belongs to the user (other users' groups are not judged)",
  drive: (ctx) => driveFilter(ctx, userIDFocus()),
  judge: (ctx) => judgeFilter(ctx, OP, userIDRule()),
});
