import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::floating-footer.floating-footer');
