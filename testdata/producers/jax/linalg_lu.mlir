module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x8xf32>, %arg1: tensor<2x8x3xf32>) -> (tensor<2x8x3xf32> {jax.result_info = "result[0]"}, tensor<2x8x8xf32> {jax.result_info = "result[1]"}, tensor<2xf32> {jax.result_info = "result[2]"}, tensor<2xf32> {jax.result_info = "result[3]"}, tensor<2xf32> {jax.result_info = "result[4]"}) {
    %0:2 = call @slogdet(%arg0) : (tensor<2x8x8xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    %1 = call @solve(%arg0, %arg1) : (tensor<2x8x8xf32>, tensor<2x8x3xf32>) -> tensor<2x8x3xf32>
    %2 = call @inv(%arg0) : (tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %cst = stablehlo.constant dense<2.82842708> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x8xf32>
    %4 = stablehlo.divide %arg0, %3 : tensor<2x8x8xf32>
    %5 = call @det(%4) : (tensor<2x8x8xf32>) -> tensor<2xf32>
    return %1, %2, %5, %0#0, %0#1 : tensor<2x8x3xf32>, tensor<2x8x8xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
  }
  func.func private @slogdet(%arg0: tensor<2x8x8xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=2, j=8, k=8, l=8, m=8, n=8}, custom>} : (tensor<2x8x8xf32>) -> (tensor<2x8x8xf32>, tensor<2x8xi32>, tensor<2xi32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x8xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<2x8xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x8xf32>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x8x8xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<2x8x8xi1>, tensor<2x8x8xf32>
    %9 = stablehlo.iota dim = 1 : tensor<2x8xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_13 = %c_2, %iterArg_14 = %c_1, %iterArg_15 = %9) : tensor<2x8xi32>, tensor<i32>, tensor<i32>, tensor<2x8xi32>
    cond {
      %c_16 = stablehlo.constant dense<8> : tensor<i32>
      %37 = stablehlo.compare LT, %iterArg_13, %c_16, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %37 : tensor<i1>
    } do {
      %c_16 = stablehlo.constant dense<1> : tensor<i32>
      %37 = stablehlo.add %iterArg_14, %c_16 : tensor<i32>
      %c_17 = stablehlo.constant dense<0> : tensor<i32>
      %38 = stablehlo.compare LT, %iterArg_14, %c_17, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %39 = stablehlo.convert %iterArg_14 : tensor<i32>
      %c_18 = stablehlo.constant dense<8> : tensor<i32>
      %40 = stablehlo.add %39, %c_18 : tensor<i32>
      %41 = stablehlo.select %38, %40, %iterArg_14 : tensor<i1>, tensor<i32>
      %42 = stablehlo.broadcast_in_dim %41, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %43 = "stablehlo.gather"(%iterArg, %42) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 2, 1>}> : (tensor<2x8xi32>, tensor<1xi32>) -> tensor<2x1xi32>
      %44 = stablehlo.reshape %43 : (tensor<2x1xi32>) -> tensor<2xi32>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %45 = stablehlo.compare LT, %iterArg_14, %c_19, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %46 = stablehlo.convert %iterArg_14 : tensor<i32>
      %c_20 = stablehlo.constant dense<8> : tensor<i32>
      %47 = stablehlo.add %46, %c_20 : tensor<i32>
      %48 = stablehlo.select %45, %47, %iterArg_14 : tensor<i1>, tensor<i32>
      %49 = stablehlo.broadcast_in_dim %48, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %50 = "stablehlo.gather"(%iterArg_15, %49) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 2, 1>}> : (tensor<2x8xi32>, tensor<1xi32>) -> tensor<2x1xi32>
      %51 = stablehlo.reshape %50 : (tensor<2x1xi32>) -> tensor<2xi32>
      %c_21 = stablehlo.constant dense<0> : tensor<i32>
      %52 = stablehlo.broadcast_in_dim %c_21, dims = [] : (tensor<i32>) -> tensor<2xi32>
      %53 = stablehlo.compare LT, %44, %52, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
      %c_22 = stablehlo.constant dense<8> : tensor<i32>
      %54 = stablehlo.broadcast_in_dim %c_22, dims = [] : (tensor<i32>) -> tensor<2xi32>
      %55 = stablehlo.add %44, %54 : tensor<2xi32>
      %56 = stablehlo.select %53, %55, %44 : tensor<2xi1>, tensor<2xi32>
      %57 = stablehlo.broadcast_in_dim %56, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
      %58 = "stablehlo.gather"(%iterArg_15, %57) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1>}> : (tensor<2x8xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
      %59 = stablehlo.reshape %58 : (tensor<2x1xi32>) -> tensor<2xi32>
      %c_23 = stablehlo.constant dense<0> : tensor<i32>
      %60 = stablehlo.compare LT, %iterArg_14, %c_23, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_24 = stablehlo.constant dense<8> : tensor<i32>
      %61 = stablehlo.add %iterArg_14, %c_24 : tensor<i32>
      %62 = stablehlo.select %60, %61, %iterArg_14 : tensor<i1>, tensor<i32>
      %63 = stablehlo.convert %62 : tensor<i32>
      %64 = stablehlo.broadcast_in_dim %63, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %65 = "stablehlo.scatter"(%iterArg_15, %64, %59) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>, unique_indices = true}> ({
      ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
        stablehlo.return %arg2 : tensor<i32>
      }) : (tensor<2x8xi32>, tensor<1xi32>, tensor<2xi32>) -> tensor<2x8xi32>
      %c_25 = stablehlo.constant dense<0> : tensor<i32>
      %66 = stablehlo.broadcast_in_dim %c_25, dims = [] : (tensor<i32>) -> tensor<2xi32>
      %67 = stablehlo.compare LT, %44, %66, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
      %c_26 = stablehlo.constant dense<8> : tensor<i32>
      %68 = stablehlo.broadcast_in_dim %c_26, dims = [] : (tensor<i32>) -> tensor<2xi32>
      %69 = stablehlo.add %44, %68 : tensor<2xi32>
      %70 = stablehlo.select %67, %69, %44 : tensor<2xi1>, tensor<2xi32>
      %71 = stablehlo.broadcast_in_dim %70, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
      %72 = "stablehlo.scatter"(%65, %71, %51) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = true}> ({
      ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
        stablehlo.return %arg2 : tensor<i32>
      }) : (tensor<2x8xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x8xi32>
      %c_27 = stablehlo.constant dense<1> : tensor<i32>
      %73 = stablehlo.add %iterArg_13, %c_27 : tensor<i32>
      stablehlo.return %iterArg, %73, %37, %72 : tensor<2x8xi32>, tensor<i32>, tensor<i32>, tensor<2x8xi32>
    }
    %11 = call @diagonal(%8) : (tensor<2x8x8xf32>) -> tensor<2x8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
    %13 = stablehlo.compare EQ, %11, %12, FLOAT : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xi1>
    %c_4 = stablehlo.constant dense<false> : tensor<i1>
    %14 = stablehlo.reduce(%13 init: %c_4) applies stablehlo.or across dimensions = [1] : (tensor<2x8xi1>, tensor<i1>) -> tensor<2xi1>
    %15 = stablehlo.iota dim = 0 : tensor<8xi32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [1] : (tensor<8xi32>) -> tensor<1x8xi32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<1x8xi32>) -> tensor<2x8xi32>
    %18 = stablehlo.compare NE, %2, %17, SIGNED : (tensor<2x8xi32>, tensor<2x8xi32>) -> tensor<2x8xi1>
    %19 = call @count_nonzero(%18) : (tensor<2x8xi1>) -> tensor<2xi32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
    %21 = stablehlo.compare LT, %11, %20, FLOAT : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xi1>
    %22 = call @count_nonzero(%21) : (tensor<2x8xi1>) -> tensor<2xi32>
    %23 = stablehlo.add %19, %22 : tensor<2xi32>
    %c_6 = stablehlo.constant dense<2> : tensor<i32>
    %24 = call @remainder(%23, %c_6) : (tensor<2xi32>, tensor<i32>) -> tensor<2xi32>
    %c_7 = stablehlo.constant dense<-2> : tensor<i32>
    %25 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %26 = stablehlo.multiply %25, %24 : tensor<2xi32>
    %c_8 = stablehlo.constant dense<1> : tensor<i32>
    %27 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %28 = stablehlo.add %26, %27 : tensor<2xi32>
    %29 = stablehlo.convert %28 : (tensor<2xi32>) -> tensor<2xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %31 = stablehlo.multiply %30, %29 : tensor<2xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = call @_where_0(%14, %cst_10, %31) : (tensor<2xi1>, tensor<f32>, tensor<2xf32>) -> tensor<2xf32>
    %33 = stablehlo.abs %11 : tensor<2x8xf32>
    %34 = stablehlo.log %33 : tensor<2x8xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.reduce(%34 init: %cst_11) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
    %cst_12 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %36 = call @_where_0(%14, %cst_12, %35) : (tensor<2xi1>, tensor<f32>, tensor<2xf32>) -> tensor<2xf32>
    return %32, %36 : tensor<2xf32>, tensor<2xf32>
  }
  func.func private @diagonal(%arg0: tensor<2x8x8xf32>) -> tensor<2x8xf32> {
    %0 = stablehlo.iota dim = 0 : tensor<8xi32>
    %1 = stablehlo.iota dim = 0 : tensor<8xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %3 = stablehlo.compare LT, %0, %2, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_0 = stablehlo.constant dense<8> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %5 = stablehlo.add %0, %4 : tensor<8xi32>
    %6 = stablehlo.select %3, %5, %0 : tensor<8xi1>, tensor<8xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %8 = stablehlo.compare LT, %1, %7, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_2 = stablehlo.constant dense<8> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %10 = stablehlo.add %1, %9 : tensor<8xi32>
    %11 = stablehlo.select %8, %10, %1 : tensor<8xi1>, tensor<8xi32>
    %12 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %14 = stablehlo.concatenate %12, %13, dim = 1 : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x2xi32>
    %15 = "stablehlo.gather"(%arg0, %14) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1, 2], start_index_map = [1, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1, 1>}> : (tensor<2x8x8xf32>, tensor<8x2xi32>) -> tensor<2x8xf32>
    return %15 : tensor<2x8xf32>
  }
  func.func private @count_nonzero(%arg0: tensor<2x8xi1>) -> tensor<2xi32> {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<2x8xi1>
    %1 = stablehlo.compare NE, %arg0, %0, UNSIGNED : (tensor<2x8xi1>, tensor<2x8xi1>) -> tensor<2x8xi1>
    %2 = stablehlo.convert %1 : (tensor<2x8xi1>) -> tensor<2x8xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.reduce(%2 init: %c_0) applies stablehlo.add across dimensions = [1] : (tensor<2x8xi32>, tensor<i32>) -> tensor<2xi32>
    return %3 : tensor<2xi32>
  }
  func.func private @remainder(%arg0: tensor<2xi32>, %arg1: tensor<i32>) -> tensor<2xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<2xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<2xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
    %12 = stablehlo.and %11, %6 : tensor<2xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %14 = stablehlo.add %4, %13 : tensor<2xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<2xi1>, tensor<2xi32>
    return %15 : tensor<2xi32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_where_0(%arg0: tensor<2xi1>, %arg1: tensor<f32>, %arg2: tensor<2xf32>) -> tensor<2xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<2xi1>, tensor<2xf32>
    return %1 : tensor<2xf32>
  }
  func.func private @solve(%arg0: tensor<2x8x8xf32>, %arg1: tensor<2x8x3xf32>) -> tensor<2x8x3xf32> {
    %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=2, j=8, k=8, l=8, m=8, n=8}, custom>} : (tensor<2x8x8xf32>) -> (tensor<2x8x8xf32>, tensor<2x8xi32>, tensor<2xi32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x8xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<2x8xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x8xf32>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x8x8xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<2x8x8xi1>, tensor<2x8x8xf32>
    %9 = stablehlo.iota dim = 1 : tensor<2x8xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<2x8xi32>, tensor<i32>, tensor<i32>, tensor<2x8xi32>
    cond {
      %c_6 = stablehlo.constant dense<8> : tensor<i32>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %14 = stablehlo.add %iterArg_4, %c_6 : tensor<i32>
      %c_7 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.compare LT, %iterArg_4, %c_7, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %16 = stablehlo.convert %iterArg_4 : tensor<i32>
      %c_8 = stablehlo.constant dense<8> : tensor<i32>
      %17 = stablehlo.add %16, %c_8 : tensor<i32>
      %18 = stablehlo.select %15, %17, %iterArg_4 : tensor<i1>, tensor<i32>
      %19 = stablehlo.broadcast_in_dim %18, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %20 = "stablehlo.gather"(%iterArg, %19) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 2, 1>}> : (tensor<2x8xi32>, tensor<1xi32>) -> tensor<2x1xi32>
      %21 = stablehlo.reshape %20 : (tensor<2x1xi32>) -> tensor<2xi32>
      %c_9 = stablehlo.constant dense<0> : tensor<i32>
      %22 = stablehlo.compare LT, %iterArg_4, %c_9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %23 = stablehlo.convert %iterArg_4 : tensor<i32>
      %c_10 = stablehlo.constant dense<8> : tensor<i32>
      %24 = stablehlo.add %23, %c_10 : tensor<i32>
      %25 = stablehlo.select %22, %24, %iterArg_4 : tensor<i1>, tensor<i32>
      %26 = stablehlo.broadcast_in_dim %25, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %27 = "stablehlo.gather"(%iterArg_5, %26) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 2, 1>}> : (tensor<2x8xi32>, tensor<1xi32>) -> tensor<2x1xi32>
      %28 = stablehlo.reshape %27 : (tensor<2x1xi32>) -> tensor<2xi32>
      %c_11 = stablehlo.constant dense<0> : tensor<i32>
      %29 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<2xi32>
      %30 = stablehlo.compare LT, %21, %29, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
      %c_12 = stablehlo.constant dense<8> : tensor<i32>
      %31 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<2xi32>
      %32 = stablehlo.add %21, %31 : tensor<2xi32>
      %33 = stablehlo.select %30, %32, %21 : tensor<2xi1>, tensor<2xi32>
      %34 = stablehlo.broadcast_in_dim %33, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
      %35 = "stablehlo.gather"(%iterArg_5, %34) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1>}> : (tensor<2x8xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
      %36 = stablehlo.reshape %35 : (tensor<2x1xi32>) -> tensor<2xi32>
      %c_13 = stablehlo.constant dense<0> : tensor<i32>
      %37 = stablehlo.compare LT, %iterArg_4, %c_13, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_14 = stablehlo.constant dense<8> : tensor<i32>
      %38 = stablehlo.add %iterArg_4, %c_14 : tensor<i32>
      %39 = stablehlo.select %37, %38, %iterArg_4 : tensor<i1>, tensor<i32>
      %40 = stablehlo.convert %39 : tensor<i32>
      %41 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %42 = "stablehlo.scatter"(%iterArg_5, %41, %36) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>, unique_indices = true}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        stablehlo.return %arg3 : tensor<i32>
      }) : (tensor<2x8xi32>, tensor<1xi32>, tensor<2xi32>) -> tensor<2x8xi32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %43 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<i32>) -> tensor<2xi32>
      %44 = stablehlo.compare LT, %21, %43, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
      %c_16 = stablehlo.constant dense<8> : tensor<i32>
      %45 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<i32>) -> tensor<2xi32>
      %46 = stablehlo.add %21, %45 : tensor<2xi32>
      %47 = stablehlo.select %44, %46, %21 : tensor<2xi1>, tensor<2xi32>
      %48 = stablehlo.broadcast_in_dim %47, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
      %49 = "stablehlo.scatter"(%42, %48, %28) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = true}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        stablehlo.return %arg3 : tensor<i32>
      }) : (tensor<2x8xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x8xi32>
      %c_17 = stablehlo.constant dense<1> : tensor<i32>
      %50 = stablehlo.add %iterArg_3, %c_17 : tensor<i32>
      stablehlo.return %iterArg, %50, %14, %49 : tensor<2x8xi32>, tensor<i32>, tensor<i32>, tensor<2x8xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [0, 2, 1] : (tensor<2x8x3xf32>) -> tensor<2x3x8xf32>
    %12 = call @_lu_solve(%8, %10#3, %11) : (tensor<2x8x8xf32>, tensor<2x8xi32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
    %13 = stablehlo.transpose %12, dims = [0, 2, 1] : (tensor<2x3x8xf32>) -> tensor<2x8x3xf32>
    return %13 : tensor<2x8x3xf32>
  }
  func.func private @_lu_solve(%arg0: tensor<2x8x8xf32>, %arg1: tensor<2x8xi32>, %arg2: tensor<2x3x8xf32>) -> tensor<2x3x8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2] : (tensor<2x3x8xf32>) -> tensor<2x3x8x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x8xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<2x8xi32>, tensor<2x8xi32>) -> tensor<2x8xi1>
    %c_0 = stablehlo.constant dense<8> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x8xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<2x8xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<2x8xi1>, tensor<2x8xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<2x8xi32>) -> tensor<2x8x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 3], collapsed_slice_dims = [2], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3, 1, 1>}> : (tensor<2x3x8x1xf32>, tensor<2x8x1xi32>) -> tensor<2x3x8x1xf32>
    %8 = stablehlo.transpose %7, dims = [0, 2, 3, 1] : (tensor<2x3x8x1xf32>) -> tensor<2x8x1x3xf32>
    %9 = stablehlo.reshape %8 : (tensor<2x8x1x3xf32>) -> tensor<2x8x3xf32>
    %10 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l, m])->([i, n, o]) {i=2, j=8, k=8, l=8, m=3, n=8, o=3}, custom>} : (tensor<2x8x8xf32>, tensor<2x8x3xf32>) -> tensor<2x8x3xf32>
    %11 = stablehlo.reshape %10 : (tensor<2x8x3xf32>) -> tensor<2x8x1x3xf32>
    %12 = stablehlo.reshape %11 : (tensor<2x8x1x3xf32>) -> tensor<2x8x3xf32>
    %13 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l, m])->([i, n, o]) {i=2, j=8, k=8, l=8, m=3, n=8, o=3}, custom>} : (tensor<2x8x8xf32>, tensor<2x8x3xf32>) -> tensor<2x8x3xf32>
    %14 = stablehlo.reshape %13 : (tensor<2x8x3xf32>) -> tensor<2x8x1x3xf32>
    %15 = stablehlo.transpose %14, dims = [0, 3, 1, 2] : (tensor<2x8x1x3xf32>) -> tensor<2x3x8x1xf32>
    %16 = stablehlo.reshape %15 : (tensor<2x3x8x1xf32>) -> tensor<2x3x8xf32>
    return %16 : tensor<2x3x8xf32>
  }
  func.func private @inv(%arg0: tensor<2x8x8xf32>) -> tensor<2x8x8xf32> {
    %0 = stablehlo.iota dim = 0 : tensor<8x8xi32>
    %1 = stablehlo.iota dim = 1 : tensor<8x8xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x8xi32>
    %3 = stablehlo.add %0, %2 : tensor<8x8xi32>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
    %5 = stablehlo.convert %4 : (tensor<8x8xi1>) -> tensor<8x8xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [1, 2] : (tensor<8x8xf32>) -> tensor<2x8x8xf32>
    %7 = call @solve_1(%arg0, %6) : (tensor<2x8x8xf32>, tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    return %7 : tensor<2x8x8xf32>
  }
  func.func private @solve_1(%arg0: tensor<2x8x8xf32>, %arg1: tensor<2x8x8xf32>) -> tensor<2x8x8xf32> {
    %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=2, j=8, k=8, l=8, m=8, n=8}, custom>} : (tensor<2x8x8xf32>) -> (tensor<2x8x8xf32>, tensor<2x8xi32>, tensor<2xi32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x8xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<2x8xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x8xf32>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x8x8xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<2x8x8xi1>, tensor<2x8x8xf32>
    %9 = stablehlo.iota dim = 1 : tensor<2x8xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<2x8xi32>, tensor<i32>, tensor<i32>, tensor<2x8xi32>
    cond {
      %c_6 = stablehlo.constant dense<8> : tensor<i32>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %14 = stablehlo.add %iterArg_4, %c_6 : tensor<i32>
      %c_7 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.compare LT, %iterArg_4, %c_7, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %16 = stablehlo.convert %iterArg_4 : tensor<i32>
      %c_8 = stablehlo.constant dense<8> : tensor<i32>
      %17 = stablehlo.add %16, %c_8 : tensor<i32>
      %18 = stablehlo.select %15, %17, %iterArg_4 : tensor<i1>, tensor<i32>
      %19 = stablehlo.broadcast_in_dim %18, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %20 = "stablehlo.gather"(%iterArg, %19) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 2, 1>}> : (tensor<2x8xi32>, tensor<1xi32>) -> tensor<2x1xi32>
      %21 = stablehlo.reshape %20 : (tensor<2x1xi32>) -> tensor<2xi32>
      %c_9 = stablehlo.constant dense<0> : tensor<i32>
      %22 = stablehlo.compare LT, %iterArg_4, %c_9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %23 = stablehlo.convert %iterArg_4 : tensor<i32>
      %c_10 = stablehlo.constant dense<8> : tensor<i32>
      %24 = stablehlo.add %23, %c_10 : tensor<i32>
      %25 = stablehlo.select %22, %24, %iterArg_4 : tensor<i1>, tensor<i32>
      %26 = stablehlo.broadcast_in_dim %25, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %27 = "stablehlo.gather"(%iterArg_5, %26) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 2, 1>}> : (tensor<2x8xi32>, tensor<1xi32>) -> tensor<2x1xi32>
      %28 = stablehlo.reshape %27 : (tensor<2x1xi32>) -> tensor<2xi32>
      %c_11 = stablehlo.constant dense<0> : tensor<i32>
      %29 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<2xi32>
      %30 = stablehlo.compare LT, %21, %29, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
      %c_12 = stablehlo.constant dense<8> : tensor<i32>
      %31 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<2xi32>
      %32 = stablehlo.add %21, %31 : tensor<2xi32>
      %33 = stablehlo.select %30, %32, %21 : tensor<2xi1>, tensor<2xi32>
      %34 = stablehlo.broadcast_in_dim %33, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
      %35 = "stablehlo.gather"(%iterArg_5, %34) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1>}> : (tensor<2x8xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
      %36 = stablehlo.reshape %35 : (tensor<2x1xi32>) -> tensor<2xi32>
      %c_13 = stablehlo.constant dense<0> : tensor<i32>
      %37 = stablehlo.compare LT, %iterArg_4, %c_13, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_14 = stablehlo.constant dense<8> : tensor<i32>
      %38 = stablehlo.add %iterArg_4, %c_14 : tensor<i32>
      %39 = stablehlo.select %37, %38, %iterArg_4 : tensor<i1>, tensor<i32>
      %40 = stablehlo.convert %39 : tensor<i32>
      %41 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %42 = "stablehlo.scatter"(%iterArg_5, %41, %36) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>, unique_indices = true}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        stablehlo.return %arg3 : tensor<i32>
      }) : (tensor<2x8xi32>, tensor<1xi32>, tensor<2xi32>) -> tensor<2x8xi32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %43 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<i32>) -> tensor<2xi32>
      %44 = stablehlo.compare LT, %21, %43, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
      %c_16 = stablehlo.constant dense<8> : tensor<i32>
      %45 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<i32>) -> tensor<2xi32>
      %46 = stablehlo.add %21, %45 : tensor<2xi32>
      %47 = stablehlo.select %44, %46, %21 : tensor<2xi1>, tensor<2xi32>
      %48 = stablehlo.broadcast_in_dim %47, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
      %49 = "stablehlo.scatter"(%42, %48, %28) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = true}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        stablehlo.return %arg3 : tensor<i32>
      }) : (tensor<2x8xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x8xi32>
      %c_17 = stablehlo.constant dense<1> : tensor<i32>
      %50 = stablehlo.add %iterArg_3, %c_17 : tensor<i32>
      stablehlo.return %iterArg, %50, %14, %49 : tensor<2x8xi32>, tensor<i32>, tensor<i32>, tensor<2x8xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [0, 2, 1] : (tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %12 = call @_lu_solve_2(%8, %10#3, %11) : (tensor<2x8x8xf32>, tensor<2x8xi32>, tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %13 = stablehlo.transpose %12, dims = [0, 2, 1] : (tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    return %13 : tensor<2x8x8xf32>
  }
  func.func private @_lu_solve_2(%arg0: tensor<2x8x8xf32>, %arg1: tensor<2x8xi32>, %arg2: tensor<2x8x8xf32>) -> tensor<2x8x8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2] : (tensor<2x8x8xf32>) -> tensor<2x8x8x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x8xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<2x8xi32>, tensor<2x8xi32>) -> tensor<2x8xi1>
    %c_0 = stablehlo.constant dense<8> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x8xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<2x8xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<2x8xi1>, tensor<2x8xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<2x8xi32>) -> tensor<2x8x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 3], collapsed_slice_dims = [2], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8, 1, 1>}> : (tensor<2x8x8x1xf32>, tensor<2x8x1xi32>) -> tensor<2x8x8x1xf32>
    %8 = stablehlo.transpose %7, dims = [0, 2, 3, 1] : (tensor<2x8x8x1xf32>) -> tensor<2x8x1x8xf32>
    %9 = stablehlo.reshape %8 : (tensor<2x8x1x8xf32>) -> tensor<2x8x8xf32>
    %10 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l, m])->([i, n, o]) {i=2, j=8, k=8, l=8, m=8, n=8, o=8}, custom>} : (tensor<2x8x8xf32>, tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %11 = stablehlo.reshape %10 : (tensor<2x8x8xf32>) -> tensor<2x8x1x8xf32>
    %12 = stablehlo.reshape %11 : (tensor<2x8x1x8xf32>) -> tensor<2x8x8xf32>
    %13 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l, m])->([i, n, o]) {i=2, j=8, k=8, l=8, m=8, n=8, o=8}, custom>} : (tensor<2x8x8xf32>, tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %14 = stablehlo.reshape %13 : (tensor<2x8x8xf32>) -> tensor<2x8x1x8xf32>
    %15 = stablehlo.transpose %14, dims = [0, 3, 1, 2] : (tensor<2x8x1x8xf32>) -> tensor<2x8x8x1xf32>
    %16 = stablehlo.reshape %15 : (tensor<2x8x8x1xf32>) -> tensor<2x8x8xf32>
    return %16 : tensor<2x8x8xf32>
  }
  func.func private @det(%arg0: tensor<2x8x8xf32>) -> tensor<2xf32> {
    %0:2 = call @slogdet(%arg0) : (tensor<2x8x8xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    %1 = stablehlo.exponential %0#1 : tensor<2xf32>
    %2 = stablehlo.multiply %0#0, %1 : tensor<2xf32>
    return %2 : tensor<2xf32>
  }
}
