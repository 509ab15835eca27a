from tutor.accounts.models import User


def test_a_new_user_is_a_learner(db):
    user = User.objects.create_user(username="nuria", password="x")
    assert user.role == User.Role.LEARNER
    assert not user.is_teacher


def test_a_teacher_is_teacher(teresa):
    assert teresa.is_teacher
    assert teresa.get_role_display() == "profesor"


def test_the_personas_have_the_roles_the_tests_expect(alice, bob, charlie, teresa, tomas):
    assert [u.is_teacher for u in (alice, bob, charlie, teresa, tomas)] == [False, False, False, True, True]
