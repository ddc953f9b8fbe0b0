export {
  assertCanReadHistory,
  assertCanWrite,
  sheetByField,
  sheetById,
  sheetBySubjectGroup,
  sheetsByIds,
} from './access.js';
export {
  findSheet,
  listSheetAttributes,
  listSheetStudents,
  sheetMembers,
  sheetMemberships,
  sheetSizes,
  type Sheet,
} from './sheets.repository.js';
