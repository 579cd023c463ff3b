import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::floating-footer.floating-footer');
