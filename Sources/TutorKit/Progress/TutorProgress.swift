// TutorProgress: see DESIGN.md. This placeholder is replaced by the module's first real file.
