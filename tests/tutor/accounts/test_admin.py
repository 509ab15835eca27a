from django.urls import reverse

from tutor.accounts.models import User


def test_staff_can_list_and_edit_users(admin_client, alice, django_assert_max_num_queries):
    with django_assert_max_num_queries(10):
        response = admin_client.get(reverse("admin:accounts_user_changelist"))
    assert response.status_code == 200
    assert "alice" in response.content.decode()
    response = admin_client.get(reverse("admin:accounts_user_change", args=[alice.pk]))
    assert 'name="role"' in response.content.decode()


def test_a_learner_cannot_open_the_admin(alice_client):
    response = alice_client.get(reverse("admin:accounts_user_changelist"))
    assert response.status_code == 302
    assert User.objects.count() == 1
