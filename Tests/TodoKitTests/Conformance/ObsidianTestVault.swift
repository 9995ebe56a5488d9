/// Notes of Obsidian Tasks' test vault (`resources/sample_vaults/Tasks-Demo/Test Data/NAME.md`), whose
/// metadata cache `tests/Obsidian/__test_data__/NAME.json` records which lines are tasks.
enum ObsidianTestVault {
    /// `Test Data/callout.md`.
    static let callout = #"""
        # callout

        > [!todo]
        > - [ ] #task Task in 'callout'
        >     - [ ] #task Task indented in 'callout'

        ```tasks
        not done
        path includes {{query.file.path}}
        ```

        """#
    /// `Test Data/callout_custom.md`.
    static let calloutCustom = #"""
        # callout_custom

        > [!callout_custom]
        > - [ ] #task Task in 'callout_custom'
        >     - [ ] #task Task indented in 'callout_custom'

        ```tasks
        not done
        path includes {{query.file.path}}
        ```

        """#
    /// `Test Data/callout_labelled.md`.
    static let calloutLabelled = #"""
        # callout_labelled

        > [!todo] callout_labelled
        > - [ ] #task Task in 'callout_labelled'
        >     - [ ] #task Task indented in 'callout_labelled'

        ```tasks
        not done
        path includes {{query.file.path}}
        ```

        """#
    /// `Test Data/callouts_nested_issue_2890_labelled.md`.
    static let calloutsNestedIssue2890Labelled = #"""
         > [!Calendar]+ MONTH
         >> [!Check]+ GROUP
         >>> [!Attention]+ Correction TITLE
         >>> Some stuff goes here
         >>> - [ ] #task Correction1
         >>> - [ ] #task Correction2
         >>> - [ ] #task Correction3
         >>> - [ ] #task Correction4

        ```tasks
        not done
        path includes {{query.file.path}}
        ```

        """#
    /// `Test Data/callouts_nested_issue_2890_unlabelled.md`.
    static let calloutsNestedIssue2890Unlabelled = #"""
         > [!Calendar]+
         >> [!Check]+
         >>> [!Attention]+
         >>> Some stuff goes here
         >>> - [ ] #task Correction1
         >>> - [ ] #task Correction2
         >>> - [ ] #task Correction3
         >>> - [ ] #task Correction4

        ```tasks
        not done
        path includes {{query.file.path}}
        ```

        """#
    /// `Test Data/blockquote.md`.
    static let blockquote = #"""
        # blockquote

        > - [ ] #task Task in 'blockquote'
        >     - [ ] #task Task indented in 'blockquote'

        """#
    /// `Test Data/code_block_in_task.md`.
    static let codeBlockInTask = #"""
        # code_block_in_task

        ## Tasks with code blocks - code-blocks wrongly hidden

        - [ ] #task Task in 'code_block_in_task' level-1-b
          ```sh
          ls -la
          ```

        Related issues:

        - #3344: [Code block in list doesn't render in Reading mode](https://github.com/obsidian-tasks-group/obsidian-tasks/issues/3344)
        - #2061: [Multi-line tasks (indented lines below a task items) are not shown in Reading mode and Tasks query results](https://github.com/obsidian-tasks-group/obsidian-tasks/issues/2061)

        ## Non-tasks with code blocks - code blocks rendered correctly

        - [ ] Non-task in 'code_block_in_task' level-1-b
          ```sh
          ls -la
          ```

        """#
    /// `Test Data/comments_html_style.md`.
    static let commentsHtmlStyle = #"""
        # comments_html_style

        Whole task line is ignored by Obsidian's `cachedMetadata`:
        <!--
        - [ ] #task Whole task in 'comments_html_style'
        -->

        - [ ] #task Whole task in 'comments_html_style' - with commented-out tag: <!-- #i-am-ignored-by-obsidian  --> - is ignored by Obsidian's `cachedMetadata`, but Tasks recognises it
        - [ ] #task Whole task in 'comments_html_style' - with commented-out link: <!-- [[comments_markdown_style]]  --> - is ignored by Obsidian's `cachedMetadata`

        """#
    /// `Test Data/comments_markdown_style.md`.
    static let commentsMarkdownStyle = #"""
        # comments_markdown_style

        Whole task line is ignored by Obsidian's `cachedMetadata`:
        %%
        - [ ] #task Whole task in 'comments_markdown_style'
        %%

        - [ ] #task Whole task in 'comments_markdown_style' - with commented-out tag: %% #i-am-parsed-by-obsidian  %% - is recognised by Obsidian's `cachedMetadata`
        - [ ] #task Whole task in 'comments_markdown_style' - with commented-out link: %% [[comments_html_style]]  %% - is recognised by Obsidian's `cachedMetadata`

        """#
    /// `Test Data/list_statuses.md`.
    static let listStatuses = #"""
        `cachedMetadata.listItems` have a `task` field which is the single-character "status symbol".

        - [ ] #task Todo
        - [/] #task In Progress
        - [x] #task Done ✅ 2024-05-26
        - [-] #task Cancelled ❌ 2024-05-26

        """#
    /// `Test Data/list_styles.md`.
    static let listStyles = #"""
        - [ ] #task task 1 starting with a hyphen
        - [ ] #task task 2 starting with a hyphen

        * [ ] #task task 1 starting with an asterisk
        * [ ] #task task 2 starting with an asterisk

        + [ ] #task task 1 starting with a plus sign
        + [ ] #task task 2 starting with a plus sign

        1. [ ] #task task 1 in a numbered list
        2. [ ] #task task 2 in a numbered list

        """#
    /// `Test Data/mixed_list_markers.md`.
    static let mixedListMarkers = #"""
        - [ ] hyphen
        * [ ] asterisk
        + [ ] plus
        1. [ ] numbered task with dot
        1) [ ] numbered task with parenthesis

        """#
    /// `Test Data/multi_line_task_and_list_item.md`.
    static let multiLineTaskAndListItem = #"""
        # multi_line_task_and_list_item

        - [ ] #task Task in 'multi_line_task_and_list_item'
            task line 1
            task line 2
        - muli-line list item in 'multi_line_task_and_list_item'
            list item line 1
            list item line 2

        See: https://github.com/obsidian-tasks-group/obsidian-tasks/issues/2061:
        Multi-line tasks (indented lines below a task items) are not shown in Reading mode and Tasks query results

        """#
    /// `Test Data/non_tasks.md`.
    static let nonTasks = #"""
        # non_tasks

        ```tasks
        path includes {{query.file.path}}
        ```

        ```
        - [ ] I look like a task but am in a code block
        ```

        Below is an HTML comment in `<!-- .... ->`, so the "task" inside is not seen by Obsidian or any of its task-based plugins.

        <!--
        - [ ] I look like a task but am in an HTML comment
        -->

        Below is an Obsidian comment in `%% ... %%`, so the "task" inside is not seen by Obsidian or any of its task-based plugins.

        %%
        - [ ] I look like a task but am in an Obsidian (percent) comment
        %%

        """#
    /// `Test Data/numbered_list_items_standard.md`.
    static let numberedListItemsStandard = #"""
        # numbered_list_items_standard

        1. [ ] #task Task 1 in 'numbered_list_items_standard'
            1. Sub-item 1
        2. [ ] #task Task 2 in 'numbered_list_items_standard'
            1. Sub-item 2
        3. List item in 'numbered_list_items_standard'

        """#
    /// `Test Data/numbered_list_items_with_paren.md`.
    static let numberedListItemsWithParen = #"""
        # numbered_list_items_with_paren

        1) [ ] #task Task 1 in 'numbered_list_items_with_paren'
            1) Sub-item 1
        2) [ ] #task Task 2 in 'numbered_list_items_with_paren'
            1) Sub-item 2
        3) List item in 'numbered_list_items_with_paren'

        """#
    /// `Test Data/numbered_tasks_issue_3481.md`.
    static let numberedTasksIssue3481 = #"""
        # numbered_tasks_issue_3481

        See https://github.com/obsidian-tasks-group/obsidian-tasks/issues/3481.

        - [ ] 1. #task Task 1 in 'numbered_tasks_issue_3481'
        - [ ] 2 #task Task 2 in 'numbered_tasks_issue_3481'
        - [ ] 3) #task Task 3 in 'numbered_tasks_issue_3481'
        - [ ] 4 - #task Task 4 in 'numbered_tasks_issue_3481'
        - [ ] 5: #task Task 5 in 'numbered_tasks_issue_3481'
        - [ ] (6) #task Task 6 in 'numbered_tasks_issue_3481'

        The file [[numbered_tasks_issue_3481_searches]] shows how Obsidian and some plugins parse the above data.

        """#
    /// `Test Data/zero_width.md`.
    static let zeroWidth = #"""
        # zero_width

        - Root 1
        \#t- [ ] #task Task line 1 in 'zero_width' - indented by tab character
        - Root 2
        \#u{200B}\#t- [ ] #task Task line 2 in 'zero_width' - indented by ZWSP + tab character

        ```tasks
        path includes {{query.file.path}}
        ```

        """#
    /// `Test Data/one_task.md`.
    static let oneTask = #"""
        - [ ] #task the only task here


        """#
    /// `Test Data/example_kanban.md`.
    static let exampleKanban = #"""
        ---

        kanban-plugin: basic

        ---

        ## Backlog

        - [ ] #task Task in 'example_kanban'


        %% kanban:settings
        ```
        {"kanban-plugin":"basic"}
        ```
        %%

        """#
    /// `Test Data/inheritance_non_task_child.md`.
    static let inheritanceNonTaskChild = #"""
        -  [ ] #task task parent
            - [ ] #task task child
            - [ ] non-task child
            - [x] non-task child status x
            - list item child

        ```tasks
        filename includes {{query.file.filename}}
        show tree
        ```

        """#
    /// `Test Data/inheritance_rendering_sample.md`.
    static let inheritanceRenderingSample = #"""
        -  grandparent list item
            - [ ] parent 1
                - [ ] child 1
                    - [ ] grandchild 1
                        - list item grand grand child
                - [ ] child 2
                    - non task grandchild
                        - [ ] grand grand child
            - [ ] parent 2

        """#
    /// `Test Data/inheritance_1parent1child1sibling_emptystring.md`.
    static let inheritance1parent1child1siblingEmptystring = #"""
        - [ ] #task parent task
            - [ ] #task child task 1

         - [ ] #task sibling

        """#
    /// `Test Data/inheritance_task_listitem_mixed_grandchildren.md`.
    static let inheritanceTaskListitemMixedGrandchildren = #"""
        - [ ] parent task
            - child list item
                - grandchild list item 1
                - [ ] grandchild task
                - grandchild list item 2

        """#
    /// `Test Data/internal_heading_links.md`.
    static let internalHeadingLinks = #"""
        # Internal Heading Links Test

        This file contains test cases for internal heading links in tasks.

        ## Simple Headers

        ## Another Header

        ## Basic Internal Links

        - [ ] #task Task with<br>[[#Basic Internal Links]]

        ## Multiple Links In One Task

        - [ ] #task Task with<br>[[#Multiple Links In One Task]] and<br>[[#Simple Headers]]

        ## External File Links

        - [ ] #task Task with<br>[[Other File]]

        ## Mixed Link Types

        - [ ] #task Task with<br>[[Other File]] and<br>[[#Mixed Link Types]]

        ## Header Links With File Reference

        - [ ] #task<br>[[#Header Links With File Reference]] then<br>[[Other File#Some Header]] and<br>[[#Another Header]]

        ## Headers-With_Special Characters

        - [ ] #task Task with<br>[[#Headers-With_Special Characters]]

        ## Aliased Links

        - [ ] #task Task with<br>[[#Aliased Links|I am an alias]]

        ## Links In Code Blocks

        - [ ] #task Task with `[[#Links In Code Blocks]]` code block

        ## Escaped Links

        - [ ] #task Task with \[\[#Escaped Links\]\] escaped link

        ## Search

        Hover over each heading in these tasks, and to make the Page Preview plugin show that the links exist.

        ```tasks
        path includes {{query.file.path}}
        group by heading
        hide backlinks
        ```

        """#
    /// `Test Data/docs_sample_for_task_properties_reference.md`.
    static let docsSampleForTaskPropertiesReference = #"""
        ---
        sample_checkbox_property: true
        sample_date_property: 2024-07-21
        sample_date_and_time_property: 2024-07-21T12:37:00
        sample_list_property:
          - Sample
          - List
          - Value
        sample_number_property: 246
        sample_text_property: Sample Text Value
        sample_text_multiline_property: |
          Sample
          Text
          Value
        sample_link_property: "[[yaml_all_property_types_populated]]"
        sample_link_list_property:
          - "[[yaml_all_property_types_populated]]"
          - "[[yaml_all_property_types_empty]]"
        aliases:
          - YAML All Property Types Populated
        tags:
          - tag-from-file-properties
        creation date: 2024-05-25T15:17:00
        project: Secret Project
        nested_data:
          surname: "Doe"
          firstname: "Jane"
          middle name: "Frances"
        object_serialization: {"nested1": "value1", "nested2": "value2"}
        ---

        # docs_sample_for_task_properties_reference

        #tag-from-file-body

        - [ ] #task Task in 'docs_sample_for_task_properties_reference' #tag-from-task-line
        - [ ] #task Another task in 'docs_sample_for_task_properties_reference'

        """#
    /// `Test Data/link_in_task_html.md`.
    static let linkInTaskHtml = #"""
        # link_in_task_html

        - [ ] #task Task in 'link_in_task_html' - see the [Tasks Documentation](https://publish.obsidian.md/tasks/Introduction)

        """#
}
