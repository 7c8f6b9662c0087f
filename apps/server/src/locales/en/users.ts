import type { UsersMessages } from '../types.js';

export default {
  'users.nameTaken': 'This user name is already taken.',
  'users.notFound': 'This user does not exist.',
  'users.deptNotFound': 'This department does not exist.',
  'users.roleNotFound': 'This role does not exist.',
  'users.roleBeyondOwn': 'You cannot grant the role "{role}": it holds permissions you do not hold yourself.',
  'users.selfDelete': 'You cannot delete your own account.',
  'users.selfDisable': 'You cannot disable your own account.',
  'users.selfLastUserPerm': 'You cannot take away your own user management permission.',
  'users.selfPassword': 'To change your own password, use "Change password" in the user menu.',
} satisfies UsersMessages;
