"""The version of the scenario generators and graders, stored with every graded attempt."""

ENGINE_VERSION = "1.1.0"
